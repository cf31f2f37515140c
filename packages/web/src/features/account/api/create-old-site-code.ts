import { API_PATHS, type OldSiteCode } from '@credit-portal/shared';
import { request } from '@/lib/api-client';

/**
 * A one-time code of the current login for the old site's personal centre (POST
 * /user/oldsite/handoff with the stored JwtToken): NewLinkTo.aspx takes it instead of the token.
 * Called by path (not CONTRACTS): the header, in every page's frame, calls it.
 */
export const createOldSiteCode = (): Promise<OldSiteCode> =>
  request<OldSiteCode>(API_PATHS.oldSiteHandoff, { method: 'POST', body: {}, auth: true });
