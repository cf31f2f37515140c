import { API_PATHS } from '@credit-portal/shared';
import type { SESSION_CONTRACTS } from '@credit-portal/shared/contracts/session';
import { callAs, type RouteHead } from '@/lib/api-client';

type LogoutRow = typeof SESSION_CONTRACTS.logout;

/** POST /user/logout, its row named by type only (callAs): the header, in every page's frame, calls it. */
const LOGOUT: RouteHead<LogoutRow> = { path: API_PATHS.logout, methods: ['POST'], auth: true };

/**
 * Ends a login session at the service (bearer `token`, not necessarily the stored one): every
 * token of it and every old-site code and hand-off minted from it. Answers the one-time code of the
 * old site's logout page, or null when there was no live session.
 */
export async function logOutAtService(token: string): Promise<string | null> {
  const result = await callAs<LogoutRow>(LOGOUT, { body: {}, token });
  return result.LoginToken;
}
