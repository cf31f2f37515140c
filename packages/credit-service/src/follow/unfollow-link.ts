import { createHmac } from 'node:crypto';
import { sameText } from '../lib/hash.js';

/*
 * The digest mail's one-click unfollow: a token naming one follow (its never-reused id),
 * its owner and its entity, signed with HMAC-SHA256 under a key of its own and a purpose label, so
 * it is good for this one thing only. A forged or altered token fails the signature; a token whose
 * follow has ended (unfollowed, by the link or in 个人中心) names nothing any more — a later follow
 * of the same entity has a new id — so a link works once and answers the same afterwards.
 */

const PURPOSE = 'credit-follow/unfollow/v1';

/** What a valid token names. */
export interface UnfollowLink {
  followId: number;
  owner: string;
  entityId: number;
}

const mac = (key: string, payload: string): string =>
  createHmac('sha256', key).update(`${PURPOSE}\n${payload}`).digest('base64url');

/** The token of one follow's unfollow link: base64url(payload) "." base64url(HMAC). */
export function signUnfollowLink(key: string, link: UnfollowLink): string {
  const payload = Buffer.from(JSON.stringify([link.followId, link.owner, link.entityId])).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** The follow a token names, or null for anything not signed by this key for this purpose. */
export function verifyUnfollowLink(key: string, token: string): UnfollowLink | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!sameText(signature, mac(key, payload))) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [followId, owner, entityId] = value as unknown[];
    if (!Number.isSafeInteger(followId) || typeof owner !== 'string' || !Number.isSafeInteger(entityId)) return null;
    return { followId: followId as number, owner, entityId: entityId as number };
  } catch {
    return null;
  }
}
