import type { ContentListAllQuery } from '@credit-portal/shared';
import { CONTENT_HEADS } from '@credit-portal/shared/heads/content';
import useSWR from 'swr';
import { call, wireRequestOf } from '@/lib/api-client';

/** POST /Cms/mrlbAll: the first page calls it. */
const CONTENT_LIST_ALL = CONTENT_HEADS.contentListAll;

/** Fetches the first items of several sections at once. */
export const getSectionHighlights = (query: ContentListAllQuery) => call(CONTENT_LIST_ALL, { body: query });

/** getSectionHighlights's request as it goes on the wire (a page's opening request: lib/opening-request.ts). */
export const sectionHighlightsRequest = (query: ContentListAllQuery) =>
  wireRequestOf(CONTENT_LIST_ALL, { body: query });

/** SWR key of a highlights query. */
export const sectionHighlightsKey = (query: ContentListAllQuery) => [CONTENT_LIST_ALL.path, query] as const;

/** The first items of the given sections, keyed by category id. */
export function useSectionHighlights(query: ContentListAllQuery) {
  return useSWR(sectionHighlightsKey(query), ([, key]) => getSectionHighlights(key));
}
