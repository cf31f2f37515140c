import type { ContentDetail } from '@credit-portal/shared';
import { CONTENT_HEADS } from '@credit-portal/shared/heads/content';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches one CMS record (POST /Cms/nrxq). */
export function getRecordDetail(recordId: string): Promise<ContentDetail> {
  return call(CONTENT_HEADS.contentDetail, { body: { recordId } });
}

export const recordDetailKey = (recordId: string | null | undefined) =>
  recordId ? ([CONTENT_HEADS.contentDetail.path, recordId] as const) : null;

/** One record of a static section; waits (no fetch) until its id is known. */
export function useRecordDetail(recordId: string | null | undefined) {
  return useSWR(recordDetailKey(recordId), ([, id]) => getRecordDetail(id));
}
