import { CONTRACTS, API_PATHS, type ContentDetail } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches one article (POST /Cms/nrxq). */
export function getContentDetail(recordId: string): Promise<ContentDetail> {
  return call(CONTRACTS.contentDetail, { body: { recordId } });
}

/** SWR key of an article; null (no fetch) without an id. */
export const contentDetailKey = (recordId: string | null) =>
  recordId ? ([API_PATHS.contentDetail, recordId] as const) : null;

/** One article by its record id. */
export function useContentDetail(recordId: string | null) {
  return useSWR(contentDetailKey(recordId), ([, id]) => getContentDetail(id));
}
