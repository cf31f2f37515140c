import { timingSafeEqual } from 'node:crypto';

/** True when `given` (the X-Review-Token header, or the page's form field) is the configured token, compared in constant time. */
export function reviewTokenMatches(given: unknown, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
