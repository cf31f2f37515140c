import { CONTRACTS, API_PATHS, type ContentDetail } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches one CMS record (POST /Cms/nrxq). */
export function getRecordDetail(recordId: string): Promise<ContentDetail> {
  return call(CONTRACTS.contentDetail, { body: { recordId } });
}

export const recordDetailKey = (recordId: string | null | undefined) =>
  recordId ? ([API_PATHS.contentDetail, recordId] as const) : null;

/** One record of a static section; waits (no fetch) until its id is known. */
export function useRecordDetail(recordId: string | null | undefined) {
  return useSWR(recordDetailKey(recordId), ([, id]) => getRecordDetail(id));
}
