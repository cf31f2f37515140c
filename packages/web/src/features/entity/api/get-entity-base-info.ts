import { CONTRACTS, API_PATHS, type EntityBaseInfo } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** The registration information of an entity (GET entbaseinfos, with the stored JwtToken). */
export function getEntityBaseInfo(id: string): Promise<EntityBaseInfo> {
  return call(CONTRACTS.entityBaseInfo, { query: { id } });
}

export const entityBaseInfoKey = (id: string) => (id ? ([API_PATHS.entityBaseInfo, id] as const) : null);

export function useEntityBaseInfo(id: string) {
  return useSWR(entityBaseInfoKey(id), ([, key]) => getEntityBaseInfo(key));
}
