import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** GET entbaseinfos: the app's entry also starts it when it opens at a company's details (prefetch-entity-details.ts). */
const ENTITY_BASE_INFO = ACCOUNT_HEADS.entityBaseInfo;

/** The registration information of an entity (with the stored JwtToken). */
export function getEntityBaseInfo(id: string) {
  return call(ENTITY_BASE_INFO, { query: { id } });
}

export const entityBaseInfoKey = (id: string) => (id ? ([ENTITY_BASE_INFO.path, id] as const) : null);

export function useEntityBaseInfo(id: string) {
  return useSWR(entityBaseInfoKey(id), ([, key]) => getEntityBaseInfo(key));
}
