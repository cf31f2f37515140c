import { SESSION_HEADS } from '@credit-portal/shared/heads/session';
import { call } from '@/lib/api-client';

/**
 * Ends a login session at the service (bearer `token`, not necessarily the stored one): every
 * token of it and every old-site code and hand-off minted from it. Answers the one-time code of the
 * old site's logout page, or null when there was no live session.
 */
export async function logOutAtService(token: string): Promise<string | null> {
  const result = await call(SESSION_HEADS.logout, { body: {}, token });
  return result.LoginToken;
}
