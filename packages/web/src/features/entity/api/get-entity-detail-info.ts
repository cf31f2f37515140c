import { CONTRACTS, API_PATHS, type EntityDetailInfo } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Licences, penalties in publicity, red/black lists and promises of an entity (GET v2/entdetailinfo, with the stored JwtToken). */
export function getEntityDetailInfo(id: string): Promise<EntityDetailInfo> {
  return call(CONTRACTS.entityDetailInfo, { query: { id } });
}

export const entityDetailInfoKey = (id: string) => (id ? ([API_PATHS.entityDetailInfo, id] as const) : null);

export function useEntityDetailInfo(id: string) {
  return useSWR(entityDetailInfoKey(id), ([, key]) => getEntityDetailInfo(key));
}
