import type { LicenceDetail, PenaltyDetail } from '@credit-portal/shared';
import { PUBLICITY_HEADS } from '@credit-portal/shared/heads/publicity';
import useSWR from 'swr';
import { call } from '@/lib/api-client';
import type { PublicityKind } from '@/components/publicity-fields';

const DETAIL_ROUTES = { licence: PUBLICITY_HEADS.permitDetail, penalty: PUBLICITY_HEADS.punishDetail } as const;

/** Fetches one licence or penalty publication (GET permitpublicitydetailinfo / punishpublicitydetailinfo). */
export function getPublicityDetail(kind: 'licence', id: string): Promise<LicenceDetail>;
export function getPublicityDetail(kind: 'penalty', id: string): Promise<PenaltyDetail>;
export function getPublicityDetail(kind: PublicityKind, id: string): Promise<LicenceDetail | PenaltyDetail>;
export function getPublicityDetail(kind: PublicityKind, id: string): Promise<LicenceDetail | PenaltyDetail> {
  return kind === 'licence'
    ? call(DETAIL_ROUTES.licence, { query: { id } })
    : call(DETAIL_ROUTES.penalty, { query: { id } });
}

/** SWR key of a publication; null (no fetch) without an id. */
export const publicityDetailKey = (kind: PublicityKind, id: string | null) =>
  id ? ([DETAIL_ROUTES[kind].path, id] as const) : null;

/** One licence or penalty publication by id. */
export function usePublicityDetail(kind: PublicityKind, id: string | null) {
  return useSWR(publicityDetailKey(kind, id), ([, recordId]) => getPublicityDetail(kind, recordId));
}
