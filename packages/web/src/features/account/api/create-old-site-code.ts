import { SESSION_HEADS } from '@credit-portal/shared/heads/session';
import { call } from '@/lib/api-client';

/**
 * A one-time code of the current login (the stored JwtToken) for the old site's personal centre:
 * NewLinkTo.aspx takes it instead of the token.
 */
export const createOldSiteCode = () => call(SESSION_HEADS.oldSiteHandoff, { body: {} });
