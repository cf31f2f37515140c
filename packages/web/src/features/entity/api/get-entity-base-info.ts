import { API_PATHS } from '@credit-portal/shared';
import type { ACCOUNT_CONTRACTS } from '@credit-portal/shared/contracts/account';
import useSWR from 'swr';
import { callAs, type RouteHead } from '@/lib/api-client';

type EntityBaseInfoRow = typeof ACCOUNT_CONTRACTS.entityBaseInfo;

/**
 * GET entbaseinfos, its row named by type only (callAs): the app's entry starts it when it opens
 * at a company's details (prefetch-entity-details.ts), and the contract rows stay out of the entry.
 */
const ENTITY_BASE_INFO: RouteHead<EntityBaseInfoRow> = {
  path: API_PATHS.entityBaseInfo,
  methods: ['GET'],
  auth: true,
};

/** The registration information of an entity (with the stored JwtToken). */
export function getEntityBaseInfo(id: string) {
  return callAs<EntityBaseInfoRow>(ENTITY_BASE_INFO, { query: { id } });
}

export const entityBaseInfoKey = (id: string) => (id ? ([API_PATHS.entityBaseInfo, id] as const) : null);

export function useEntityBaseInfo(id: string) {
  return useSWR(entityBaseInfoKey(id), ([, key]) => getEntityBaseInfo(key));
}
