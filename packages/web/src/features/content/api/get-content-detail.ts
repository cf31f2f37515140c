import type { ContentDetail } from '@credit-portal/shared';
import { CONTENT_HEADS } from '@credit-portal/shared/heads/content';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches one article (POST /Cms/nrxq). */
export function getContentDetail(recordId: string): Promise<ContentDetail> {
  return call(CONTENT_HEADS.contentDetail, { body: { recordId } });
}

/** SWR key of an article; null (no fetch) without an id. */
export const contentDetailKey = (recordId: string | null) =>
  recordId ? ([CONTENT_HEADS.contentDetail.path, recordId] as const) : null;

/** One article by its record id. */
export function useContentDetail(recordId: string | null) {
  return useSWR(contentDetailKey(recordId), ([, id]) => getContentDetail(id));
}
