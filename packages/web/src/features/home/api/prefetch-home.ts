import { CONTENT_SECTIONS, type ContentListAllQuery } from '@credit-portal/shared';
import { preload } from 'swr';
import { getSectionHighlights, sectionHighlightsKey, sectionHighlightsRequest } from './get-section-highlights';

/** Items per home-page block. */
export const BLOCK_SIZE = 7;

/** The sections whose first items the home page's content blocks show, in their order. */
export const HIGHLIGHT_SECTIONS = [
  CONTENT_SECTIONS.news,
  CONTENT_SECTIONS.notices,
  CONTENT_SECTIONS.policy,
  CONTENT_SECTIONS.riskWarnings,
] as const;

/** One request loads the first items of every content block. */
export const HIGHLIGHTS_QUERY: ContentListAllQuery = {
  categoryIds: HIGHLIGHT_SECTIONS.map((section) => section.categoryId),
  pageSize: BLOCK_SIZE,
};

/**
 * Starts the home page's content-block request (its first list item is the phone's largest
 * paint) when the app opens at the home page, beside the page's module; the blocks' useSWR takes
 * the answer (SWR `preload`).
 */
export function prefetchHome(): void {
  // A failure is the blocks' to show (their useSWR takes the rejected answer and offers 重试); here
  // it must not also surface as an unhandled rejection (a console error on a phone that is offline).
  preload(sectionHighlightsKey(HIGHLIGHTS_QUERY), ([, query]) => getSectionHighlights(query)).catch(() => undefined);
}

/** The home page's opening request (lib/opening-request.ts): prefetchHome's, started by the pre-rendered page. */
export const HOME_OPENING_REQUEST = sectionHighlightsRequest(HIGHLIGHTS_QUERY);
