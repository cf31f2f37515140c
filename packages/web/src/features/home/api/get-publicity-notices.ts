import { API_PATHS, type ContractQuery } from '@credit-portal/shared';
import type { PUBLICITY_CONTRACTS } from '@credit-portal/shared/contracts/publicity';
import useSWR from 'swr';
import { callAs, type RouteHead } from '@/lib/api-client';
import type { NoticeKind } from '@/components/notice-list';

type PermitPublicityRow = typeof PUBLICITY_CONTRACTS.permitPublicity;
type PunishPublicityRow = typeof PUBLICITY_CONTRACTS.punishPublicity;

/** GET permtipublicity / punishpublicity, their rows named by type only (callAs): the first page calls them. */
const NOTICE_ROUTES: {
  licence: RouteHead<PermitPublicityRow>;
  penalty: RouteHead<PunishPublicityRow>;
} = {
  licence: { path: API_PATHS.permitPublicity, methods: ['GET'] },
  penalty: { path: API_PATHS.punishPublicity, methods: ['GET'] },
};

/** Which list, and the page of it as both rows take it. */
export type PublicityNoticeParams = ContractQuery<PermitPublicityRow> & { kind: NoticeKind };

/** Fetches the latest licence or penalty publications. */
export function getPublicityNotices({ kind, ...query }: PublicityNoticeParams) {
  return kind === 'licence'
    ? callAs<PermitPublicityRow>(NOTICE_ROUTES.licence, { query })
    : callAs<PunishPublicityRow>(NOTICE_ROUTES.penalty, { query });
}

/** SWR key of a notice page. */
export const publicityNoticesKey = (params: PublicityNoticeParams) =>
  [NOTICE_ROUTES[params.kind].path, params] as const;

/** The latest licence or penalty publications. */
export function usePublicityNotices(params: PublicityNoticeParams) {
  return useSWR(publicityNoticesKey(params), ([, key]) => getPublicityNotices(key));
}
