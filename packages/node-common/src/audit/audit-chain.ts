import type { AuditRecord, AuditStream } from './audit-events.js';
import { AUDIT_STREAMS } from './audit-events.js';

/*
 * The chain's format (docs/AUDIT.md, "Record format"). One record per line, JSON; the line ends
 * with `,"hash":"<h>"}` where h = base64url(SHA-256(the line with that member cut off and the
 * object closed)) — the hash is over the exact bytes written, so no canonical JSON is needed to
 * check it, and any change to a byte of the record changes it. Each record carries the previous
 * record's hash in `prev` and its position in `seq`; a chain continues across daily files.
 * Hashes are base64url: no run of digits in them can look like a phone or ID number to a
 * personal-data scan of the files.
 *
 * A keyed record (v 2) ends with `,"hash":"<h>","mac":"<m>"}` where m = HMAC-SM3 under the
 * record key of the line up to and with its hash (the object closed): the plain hash alone can be
 * recomputed by anyone who edits the file, the MAC only by the holder of the audit key. Records
 * written before MACs (v 1) verify only before a chain's first keyed record.
 */

/** SHA-256 and the MACs, base64url (node-storage.ts's auditDigests, on node:crypto). */
export interface AuditDigests {
  sha256(text: string): string;
  /** HMAC-SHA256 under the anchor key; absent: anchors are written/checked without MACs. */
  anchorMac?(text: string): string;
  /** HMAC-SM3 under the record key; absent: records are written as v 1 and no record MAC is checked. */
  recordMac?(text: string): string;
}

/** The `prev` of a chain's first record: 32 zero bytes, base64url. */
export const GENESIS = 'A'.repeat(43);

const HASH_TAIL = /,"hash":"([A-Za-z0-9_-]{43})"(?:,"mac":"([A-Za-z0-9_-]{43})")?\}$/;

/**
 * The line of a record (without its newline), its hash and, for a v 2 record, its MAC. A v 2
 * record is sealed only with a record key: a writer without one writes v 1.
 */
export function sealRecord(
  record: Omit<AuditRecord, 'hash' | 'mac'>,
  digests: AuditDigests,
): { line: string; hash: string; mac?: string } {
  const body = JSON.stringify(record);
  const hash = digests.sha256(body);
  const hashed = `${body.slice(0, -1)},"hash":"${hash}"}`;
  if (record.v !== 2) return { line: hashed, hash };
  if (!digests.recordMac) throw new Error('a keyed audit record needs the record key');
  const mac = digests.recordMac(hashed);
  return { line: `${hashed.slice(0, -1)},"mac":"${mac}"}`, hash, mac };
}

/**
 * A line read back: the record, whether its hash matches its bytes and whether its MAC does
 * (null: no key to check it with, or a v 1 record, which has none); null when it is no sealed
 * record. A v 2 record without a MAC, or a v 1 record with one, is not intact: `v` is under the
 * hash, so a MAC cannot be stripped or added without the hash showing it.
 */
export function openRecord(
  line: string,
  digests: AuditDigests,
): { record: AuditRecord; intact: boolean; macOk: boolean | null } | null {
  const tail = HASH_TAIL.exec(line);
  if (!tail) return null;
  const body = `${line.slice(0, tail.index)}}`;
  let record: AuditRecord;
  try {
    record = JSON.parse(line) as AuditRecord;
  } catch {
    return null;
  }
  if (typeof record !== 'object' || record === null || typeof record.seq !== 'number') return null;
  const keyed = record.v === 2;
  const intact = digests.sha256(body) === tail[1] && keyed === (tail[2] !== undefined);
  let macOk: boolean | null = null;
  if (keyed && tail[2] !== undefined && digests.recordMac) {
    macOk = digests.recordMac(`${body.slice(0, -1)},"hash":"${tail[1]}"}`) === tail[2];
  }
  return { record, intact, macOk };
}

/**
 * What the MAC of a chain's head kept outside the files covers. Its own prefix: a record's MAC
 * (over a JSON object) is never one of a head, so the files never hold a head's MAC for anyone
 * to copy into the store after cutting them.
 */
export const headText = (series: string, seq: number, hash: string): string => `head|${series}|${seq}|${hash}`;

/** A chain's head as the writer keeps it outside the files once a batch is durable. */
export interface AuditHead {
  series: string;
  seq: number;
  hash: string;
  /** recordMac(headText(series, seq, hash)). */
  mac: string;
}

/** What an anchor's MAC covers: the series and the head it fixes. */
export const anchorText = (series: string, seq: number, hash: string): string => `${series}|${seq}|${hash}`;

/** A series: one writer's one stream, e.g. `credit-service.access`. */
export const seriesName = (service: string, stream: AuditStream): string => `${service}.${stream}`;

/** The file of a series for a day: `credit-service.access.2026-05-01.jsonl`. */
export const seriesFile = (series: string, day: string): string => `${series}.${day}.jsonl`;

const FILE_NAME = /^([a-z0-9-]+)\.([a-z]+)\.(\d{4}-\d{2}-\d{2})\.jsonl$/;

/** The series and day of an audit file name; null for any other file. */
export function parseSeriesFile(name: string): { series: string; stream: AuditStream; day: string } | null {
  const match = FILE_NAME.exec(name);
  if (!match || !AUDIT_STREAMS.includes(match[2] as AuditStream)) return null;
  return { series: `${match[1]}.${match[2]}`, stream: match[2] as AuditStream, day: match[3]! };
}

/** The local calendar day (yyyy-mm-dd) of a time: files rotate at the server's midnight. */
export function localDay(time: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}

/** The day `days` calendar days before `day` (yyyy-mm-dd). */
export function dayBefore(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localDay(new Date(y, m - 1, d - days));
}
