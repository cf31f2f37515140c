import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';

/** Where a page of records starts: the day's file (of a revision) of a dataset, and the index of its first record. */
export interface CursorPosition {
  date: string;
  /** The day's files' revision (a withdrawal during the day rewrites them: offsets move). */
  revision: number;
  dataset: string;
  offset: number;
}

const SECRET_NAME = 'open-data-cursor';
const MAC_BYTES = 16;
const PAYLOAD = /^(\d{4}-\d{2}-\d{2})(?:r([1-9]\d{0,5}))?\|([a-z]{1,32})\|([1-9]\d{0,9})$/;
/** The change feed's cursors: the last seq read (0: none yet). */
const CHANGES_PAYLOAD = /^changes\|(0|[1-9]\d{0,15})$/;

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
 * Opaque, signed tokens: `base64url(payload).base64url(mac)`. A token the service did not make
 * (edited, forged, garbage) does not open; neither a client nor a cache can move one elsewhere.
 */
function createSignedTokens(key: Buffer) {
  const mac = (payload: string): Buffer => createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
  return {
    seal: (payload: string): string =>
      `${Buffer.from(payload).toString('base64url')}.${mac(payload).toString('base64url')}`,
    /** The payload of a token of ours, or null. */
    open(token: string): string | null {
      const parts = token.split('.');
      if (parts.length !== 2 || !/^[\w-]+$/.test(parts[0]!) || !/^[\w-]+$/.test(parts[1]!)) return null;
      const payload = Buffer.from(parts[0]!, 'base64url').toString('utf8');
      const given = Buffer.from(parts[1]!, 'base64url');
      const expected = mac(payload);
      return given.length === expected.length && timingSafeEqual(given, expected) ? payload : null;
    },
  };
}

/**
 * The records call's cursors, `date[rN]|dataset|offset` sealed: a page's position in one
 * revision of a day's file. The change feed's, `changes|seq`: the last change read. The two
 * payloads never parse as each other, so one cannot stand for the other.
 */
export function createCursorCodec(key: Buffer) {
  const tokens = createSignedTokens(key);
  return {
    encode(position: CursorPosition): string {
      const day = position.revision > 1 ? `${position.date}r${position.revision}` : position.date;
      return tokens.seal(`${day}|${position.dataset}|${position.offset}`);
    },
    /** The position a cursor names, or null when it is not one of ours. */
    decode(cursor: string): CursorPosition | null {
      const match = PAYLOAD.exec(tokens.open(cursor) ?? '');
      if (!match) return null;
      return { date: match[1]!, revision: Number(match[2] ?? 1), dataset: match[3]!, offset: Number(match[4]) };
    },
    /** The change feed's cursor after the change `seq`. */
    encodeChanges: (seq: number): string => tokens.seal(`changes|${seq}`),
    /** The last seq a change-feed cursor names, or null when it is not one of ours. */
    decodeChanges(cursor: string): number | null {
      const match = CHANGES_PAYLOAD.exec(tokens.open(cursor) ?? '');
      return match ? Number(match[1]) : null;
    },
  };
}

export type CursorCodec = ReturnType<typeof createCursorCodec>;
