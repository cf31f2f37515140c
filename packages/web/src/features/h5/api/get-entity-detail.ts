import type { H5EntityDetail } from '@credit-portal/shared/contracts/h5';
import { H5_HEADS } from '@credit-portal/shared/heads/h5';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** One of the person's own entities (POST /wechat/CommercialSubjectDetail): registration and public standing. */
export function getEntityDetail(Infotoken: string, EntityId: string): Promise<H5EntityDetail> {
  return call(H5_HEADS.h5EntityDetail, { body: { Infotoken, EntityId } });
}

/** The entity of `id` for the tab's login; keyed by the Infotoken, so 退出 drops it from the cache. */
export function useH5EntityDetail(infotoken: string | undefined, id: string) {
  return useSWR(
    infotoken && id ? [H5_HEADS.h5EntityDetail.path, infotoken, id] : null,
    ([, token, entityId]) => getEntityDetail(token, entityId),
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
}
