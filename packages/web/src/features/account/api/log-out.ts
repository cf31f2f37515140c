import { API_PATHS, type LogoutResult } from '@credit-portal/shared';
import { request } from '@/lib/api-client';

/**
 * Ends a login session at the service (POST /user/logout, bearer `token`): every token of it and
 * every old-site code and hand-off minted from it. Answers the one-time code of the old site's
 * logout page, or null when there was no live session. Called by path (not CONTRACTS): the
 * header, in every page's frame, calls it.
 */
export async function logOutAtService(token: string): Promise<string | null> {
  const result = await request<LogoutResult>(API_PATHS.logout, { method: 'POST', body: {}, token });
  return result.LoginToken;
}
