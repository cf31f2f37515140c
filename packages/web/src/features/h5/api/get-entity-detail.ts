import { API_PATHS, CONTRACTS } from '@credit-portal/shared';
import type { H5EntityDetail } from '@credit-portal/shared/contracts/h5';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** One of the person's own entities (POST /wechat/CommercialSubjectDetail): registration and public standing. */
export function getEntityDetail(Infotoken: string, EntityId: string): Promise<H5EntityDetail> {
  return call(CONTRACTS.h5EntityDetail, { body: { Infotoken, EntityId } });
}

/** The entity of `id` for the tab's login; keyed by the Infotoken, so 退出 drops it from the cache. */
export function useH5EntityDetail(infotoken: string | undefined, id: string) {
  return useSWR(
    infotoken && id ? [API_PATHS.h5EntityDetail, infotoken, id] : null,
    ([, token, entityId]) => getEntityDetail(token, entityId),
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
}
