import { API_PATHS, type ContentListAllQuery } from '@credit-portal/shared';
import type { CONTENT_CONTRACTS } from '@credit-portal/shared/contracts/content';
import useSWR from 'swr';
import { callAs, wireRequestOf, type RouteHead } from '@/lib/api-client';

type ContentListAllRow = typeof CONTENT_CONTRACTS.contentListAll;

/** POST /Cms/mrlbAll, its row named by type only (callAs): the first page calls it. */
const CONTENT_LIST_ALL: RouteHead<ContentListAllRow> = { path: API_PATHS.contentListAll, methods: ['POST'] };

/** Fetches the first items of several sections at once. */
export const getSectionHighlights = (query: ContentListAllQuery) =>
  callAs<ContentListAllRow>(CONTENT_LIST_ALL, { body: query });

/** getSectionHighlights's request as it goes on the wire (a page's opening request: lib/opening-request.ts). */
export const sectionHighlightsRequest = (query: ContentListAllQuery) =>
  wireRequestOf<ContentListAllRow>(CONTENT_LIST_ALL, { body: query });

/** SWR key of a highlights query. */
export const sectionHighlightsKey = (query: ContentListAllQuery) => [CONTENT_LIST_ALL.path, query] as const;

/** The first items of the given sections, keyed by category id. */
export function useSectionHighlights(query: ContentListAllQuery) {
  return useSWR(sectionHighlightsKey(query), ([, key]) => getSectionHighlights(key));
}
