import { API_PATHS } from '@credit-portal/shared';
import type { ACCOUNT_CONTRACTS } from '@credit-portal/shared/contracts/account';
import useSWR from 'swr';
import { callAs, type RouteHead } from '@/lib/api-client';

type EntityDetailInfoRow = typeof ACCOUNT_CONTRACTS.entityDetailInfo;

/** GET v2/entdetailinfo, its row named by type only (callAs), as get-entity-base-info.ts's. */
const ENTITY_DETAIL_INFO: RouteHead<EntityDetailInfoRow> = {
  path: API_PATHS.entityDetailInfo,
  methods: ['GET'],
  auth: true,
};

/** Licences, penalties in publicity, red/black lists and promises of an entity (with the stored JwtToken). */
export function getEntityDetailInfo(id: string) {
  return callAs<EntityDetailInfoRow>(ENTITY_DETAIL_INFO, { query: { id } });
}

export const entityDetailInfoKey = (id: string) => (id ? ([API_PATHS.entityDetailInfo, id] as const) : null);

export function useEntityDetailInfo(id: string) {
  return useSWR(entityDetailInfoKey(id), ([, key]) => getEntityDetailInfo(key));
}
