import { createHmac } from 'node:crypto';
import { sameText } from '../lib/hash.js';

/*
 * The tokens of 信用关注 mails' one-click links: a JSON array of values, signed with HMAC-SHA256
 * under the links' key and a purpose label, so a token is good for its one purpose only. A forged
 * or altered token fails the signature.
 */

const mac = (key: string, purpose: string, payload: string): string =>
  createHmac('sha256', key).update(`${purpose}\n${payload}`).digest('base64url');

/** A token: base64url(JSON of the values) "." base64url(HMAC). */
export function signLinkValues(key: string, purpose: string, values: readonly unknown[]): string {
  const payload = Buffer.from(JSON.stringify(values)).toString('base64url');
  return `${payload}.${mac(key, purpose, payload)}`;
}

/** The values a token signed by this key for this purpose holds (`length` of them), or null. */
export function verifiedLinkValues(key: string, purpose: string, token: string, length: number): unknown[] | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!sameText(signature, mac(key, purpose, payload))) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return Array.isArray(value) && value.length === length ? value : null;
  } catch {
    return null;
  }
}
