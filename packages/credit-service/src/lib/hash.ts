import { createHash, timingSafeEqual } from 'node:crypto';

/** SHA-256 of a text, base64url: how one-time tokens, codes and secrets are kept (never the token itself). */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url');

/** Compares two strings in constant time (for equal lengths): hashes, codes, verifiers. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
