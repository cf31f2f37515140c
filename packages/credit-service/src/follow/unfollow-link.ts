import { signLinkValues, verifiedLinkValues } from './signed-link.js';

/*
 * The digest mail's one-click unfollow: a token naming one follow (its never-reused id),
 * its owner and its entity, signed for this purpose only (signed-link.ts). A token whose
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

/** The token of one follow's unfollow link. */
export function signUnfollowLink(key: string, link: UnfollowLink): string {
  return signLinkValues(key, PURPOSE, [link.followId, link.owner, link.entityId]);
}

/** The follow a token names, or null for anything not signed by this key for this purpose. */
export function verifyUnfollowLink(key: string, token: string): UnfollowLink | null {
  const values = verifiedLinkValues(key, PURPOSE, token, 3);
  if (!values) return null;
  const [followId, owner, entityId] = values;
  if (!Number.isSafeInteger(followId) || typeof owner !== 'string' || !Number.isSafeInteger(entityId)) return null;
  return { followId: followId as number, owner, entityId: entityId as number };
}
