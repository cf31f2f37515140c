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
 */

/** SHA-256 and the anchor MAC, base64url, from the service that runs the chain (node:crypto). */
export interface AuditDigests {
  sha256(text: string): string;
  /** HMAC-SHA256 under the anchor key; absent: anchors are written/checked without MACs. */
  anchorMac?(text: string): string;
}

/** The `prev` of a chain's first record: 32 zero bytes, base64url. */
export const GENESIS = 'A'.repeat(43);

const HASH_TAIL = /,"hash":"([A-Za-z0-9_-]{43})"\}$/;

/** The line of a record (without its newline) and its hash. */
export function sealRecord(record: Omit<AuditRecord, 'hash'>, digests: AuditDigests): { line: string; hash: string } {
  const body = JSON.stringify(record);
  const hash = digests.sha256(body);
  return { line: `${body.slice(0, -1)},"hash":"${hash}"}`, hash };
}

/** A line read back: the record and whether its hash matches its bytes; null when it is no sealed record. */
export function openRecord(line: string, digests: AuditDigests): { record: AuditRecord; intact: boolean } | null {
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
  return { record, intact: digests.sha256(body) === tail[1] };
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
