import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Reports are signed over their canonical content, not over the PDF's bytes: the record of an
 * issued report (its content's digest, the PDF's SHA-256, the hash of its code, entity, period,
 * time) is serialized canonically and signed with HMAC-SHA256, so that a verification proves the
 * record was written by this service and not altered since.
 */

export const SIGNATURE_ALGORITHM = 'HMAC-SHA256';

/** JSON with object keys sorted at every level and no white space: one text per value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

export const sign = (key: string, payload: string): string => createHmac('sha256', key).update(payload).digest('hex');

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
