import { PUBLICITY_HEADS } from '@credit-portal/shared/heads/publicity';
import useSWR from 'swr';
import { call, type CallOptions } from '@/lib/api-client';
import type { NoticeKind } from '@/components/notice-list';

/** GET permtipublicity / punishpublicity: the first page calls them. */
const NOTICE_ROUTES = { licence: PUBLICITY_HEADS.permitPublicity, penalty: PUBLICITY_HEADS.punishPublicity } as const;

/** Which list, and the page of it as both rows take it. */
export type PublicityNoticeParams = NonNullable<CallOptions<typeof NOTICE_ROUTES.licence>['query']> & {
  kind: NoticeKind;
};

/** Fetches the latest licence or penalty publications. */
export function getPublicityNotices({ kind, ...query }: PublicityNoticeParams) {
  return kind === 'licence' ? call(NOTICE_ROUTES.licence, { query }) : call(NOTICE_ROUTES.penalty, { query });
}

/** SWR key of a notice page. */
export const publicityNoticesKey = (params: PublicityNoticeParams) =>
  [NOTICE_ROUTES[params.kind].path, params] as const;

/** The latest licence or penalty publications. */
export function usePublicityNotices(params: PublicityNoticeParams) {
  return useSWR(publicityNoticesKey(params), ([, key]) => getPublicityNotices(key));
}
