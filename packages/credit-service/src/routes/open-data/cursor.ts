import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';

/** Where a page of records starts: the day's file of a dataset, and the index of its first record. */
export interface CursorPosition {
  date: string;
  dataset: string;
  offset: number;
}

const SECRET_NAME = 'open-data-cursor';
const MAC_BYTES = 16;
const PAYLOAD = /^(\d{4}-\d{2}-\d{2})\|([a-z]{1,32})\|([1-9]\d{0,9})$/;

/** The cursors' HMAC key: random, made once and kept in the database (service_secrets), so cursors survive a restart. */
export function cursorKey(db: Database): Buffer {
  const get = db.prepare('SELECT value FROM service_secrets WHERE name = ?').pluck();
  let value = get.get(SECRET_NAME) as string | undefined;
  if (value === undefined) {
    db.prepare('INSERT OR IGNORE INTO service_secrets (name, value, created_at) VALUES (?, ?, ?)').run(
      SECRET_NAME,
      randomBytes(32).toString('base64url'),
      new Date().toISOString(),
    );
    value = get.get(SECRET_NAME) as string;
  }
  return Buffer.from(value, 'base64url');
}

/**
 * Opaque, signed cursors of the records call: `base64url(date|dataset|offset).base64url(mac)`.
 * A cursor the service did not make (edited, forged, garbage) does not read; neither a client
 * nor a cache can move one to another dataset or offset.
 */
export function createCursorCodec(key: Buffer) {
  const mac = (payload: string): Buffer => createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
  return {
    encode(position: CursorPosition): string {
      const payload = `${position.date}|${position.dataset}|${position.offset}`;
      return `${Buffer.from(payload).toString('base64url')}.${mac(payload).toString('base64url')}`;
    },
    /** The position a cursor names, or null when it is not one of ours. */
    decode(cursor: string): CursorPosition | null {
      const parts = cursor.split('.');
      if (parts.length !== 2 || !/^[\w-]+$/.test(parts[0]!) || !/^[\w-]+$/.test(parts[1]!)) return null;
      const payload = Buffer.from(parts[0]!, 'base64url').toString('utf8');
      const given = Buffer.from(parts[1]!, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const match = PAYLOAD.exec(payload);
      if (!match) return null;
      return { date: match[1]!, dataset: match[2]!, offset: Number(match[3]) };
    },
  };
}

export type CursorCodec = ReturnType<typeof createCursorCodec>;
