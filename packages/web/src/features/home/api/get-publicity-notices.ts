import { API_PATHS, type NoticePage } from '@credit-portal/shared';
import useSWR from 'swr';
import { request } from '@/lib/api-client';
import type { NoticeKind } from '@/components/notice-list';

// The paths of CONTRACTS.permitPublicity / punishPublicity (GET). The home page calls them by path:
// the CONTRACTS table references every schema of the API, which the first page should not load.
const NOTICE_PATHS = { licence: API_PATHS.permitPublicity, penalty: API_PATHS.punishPublicity } as const;

export interface PublicityNoticeParams {
  kind: NoticeKind;
  pageIndex: number;
  pageSize: number;
}

/** Fetches the latest licence or penalty publications (GET permtipublicity / punishpublicity). */
export function getPublicityNotices({ kind, pageIndex, pageSize }: PublicityNoticeParams): Promise<NoticePage> {
  return request<NoticePage>(NOTICE_PATHS[kind], { method: 'GET', query: { pageIndex, pageSize } });
}

/** SWR key of a notice page. */
export const publicityNoticesKey = (params: PublicityNoticeParams) => [NOTICE_PATHS[params.kind], params] as const;

/** The latest licence or penalty publications. */
export function usePublicityNotices(params: PublicityNoticeParams) {
  return useSWR(publicityNoticesKey(params), ([, key]) => getPublicityNotices(key));
}
