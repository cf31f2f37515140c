import { CONTRACTS, type NoticePage } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';
import type { NoticeKind } from '@/components/notice-list';

const NOTICE_ROUTES = { licence: CONTRACTS.permitPublicity, penalty: CONTRACTS.punishPublicity } as const;

export interface PublicityNoticeParams {
  kind: NoticeKind;
  pageIndex: number;
  pageSize: number;
}

/** Fetches the latest licence or penalty publications (GET permtipublicity / punishpublicity). */
export function getPublicityNotices({ kind, pageIndex, pageSize }: PublicityNoticeParams): Promise<NoticePage> {
  return call(NOTICE_ROUTES[kind], { query: { pageIndex, pageSize } });
}

/** SWR key of a notice page. */
export const publicityNoticesKey = (params: PublicityNoticeParams) =>
  [NOTICE_ROUTES[params.kind].path, params] as const;

/** The latest licence or penalty publications. */
export function usePublicityNotices(params: PublicityNoticeParams) {
  return useSWR(publicityNoticesKey(params), ([, key]) => getPublicityNotices(key));
}
