import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** GET v2/entdetailinfo, prefetched as get-entity-base-info.ts's. */
const ENTITY_DETAIL_INFO = ACCOUNT_HEADS.entityDetailInfo;

/** Licences, penalties in publicity, red/black lists and promises of an entity (with the stored JwtToken). */
export function getEntityDetailInfo(id: string) {
  return call(ENTITY_DETAIL_INFO, { query: { id } });
}

export const entityDetailInfoKey = (id: string) => (id ? ([ENTITY_DETAIL_INFO.path, id] as const) : null);

export function useEntityDetailInfo(id: string) {
  return useSWR(entityDetailInfoKey(id), ([, key]) => getEntityDetailInfo(key));
}
