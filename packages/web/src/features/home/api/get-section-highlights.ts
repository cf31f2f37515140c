import { API_PATHS, type ContentListAll, type ContentListAllQuery } from '@credit-portal/shared';
import useSWR from 'swr';
import { request } from '@/lib/api-client';

/**
 * Fetches the first items of several sections at once (POST /Cms/mrlbAll, CONTRACTS.contentListAll).
 * By path rather than by contract: the CONTRACTS table references every schema of the API, which
 * the first page should not load.
 */
export function getSectionHighlights(query: ContentListAllQuery): Promise<ContentListAll> {
  return request<ContentListAll>(API_PATHS.contentListAll, { method: 'POST', body: query });
}

/** SWR key of a highlights query. */
export const sectionHighlightsKey = (query: ContentListAllQuery) => [API_PATHS.contentListAll, query] as const;

/** The first items of the given sections, keyed by category id. */
export function useSectionHighlights(query: ContentListAllQuery) {
  return useSWR(sectionHighlightsKey(query), ([, key]) => getSectionHighlights(key));
}
