import { PROPERTY_TYPE, SYSTEM_TYPE_CODE, type ContentListQuery, type ContentPage } from '@credit-portal/shared';
import { CONTENT_HEADS } from '@credit-portal/shared/heads/content';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** One page of a CMS section list. */
export interface ContentListParams {
  categoryId: string;
  pageIndex: number;
  pageSize: number;
  /** Keyword; empty means no filter. */
  searchWord?: string;
  /** Passed on to the CMS unchanged (index/list's dataFlag query); empty means none. */
  dataFlag?: string;
}

/** Fetches a page of a section (POST /Cms/mrlb). */
export function getContentList(params: ContentListParams): Promise<ContentPage> {
  const body: ContentListQuery = {
    categoryId: params.categoryId,
    pageIndex: params.pageIndex,
    pageSize: params.pageSize,
    systemTypeCode: SYSTEM_TYPE_CODE,
    propertyType: PROPERTY_TYPE,
    ...(params.searchWord ? { searchWord: params.searchWord } : {}),
    ...(params.dataFlag ? { dataFlag: params.dataFlag } : {}),
  };
  return call(CONTENT_HEADS.contentList, { body });
}

/** SWR key of a section page; null (no fetch) without parameters. */
export const contentListKey = (params: ContentListParams | null) =>
  params ? ([CONTENT_HEADS.contentList.path, params] as const) : null;

/** A section page; the previous page stays on screen while the next one loads. */
export function useContentList(params: ContentListParams | null) {
  return useSWR(contentListKey(params), ([, key]) => getContentList(key), { keepPreviousData: true });
}
