import { API_PATHS } from '@credit-portal/shared';
import type { SESSION_CONTRACTS } from '@credit-portal/shared/contracts/session';
import { callAs, type RouteHead } from '@/lib/api-client';

type OldSiteHandoffRow = typeof SESSION_CONTRACTS.oldSiteHandoff;

/** POST /user/oldsite/handoff, its row named by type only (callAs): the header, in every page's frame, calls it. */
const OLD_SITE_HANDOFF: RouteHead<OldSiteHandoffRow> = {
  path: API_PATHS.oldSiteHandoff,
  methods: ['POST'],
  auth: true,
};

/**
 * A one-time code of the current login (the stored JwtToken) for the old site's personal centre:
 * NewLinkTo.aspx takes it instead of the token.
 */
export const createOldSiteCode = () => callAs<OldSiteHandoffRow>(OLD_SITE_HANDOFF, { body: {} });
