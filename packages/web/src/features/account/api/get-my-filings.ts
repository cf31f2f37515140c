import { API_PATHS, CONTRACTS, type ApplicationKind, type ApplicationPage } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

export interface MyFilingsRequest {
  /** One kind, or both when absent. */
  kind?: ApplicationKind;
  pageIndex: number;
  pageSize: number;
}

/** 我的办件: the user's repair and objection filings with their timelines, newest first (GET MyApplications, bearer). */
export const getMyFilings = (request: MyFilingsRequest): Promise<ApplicationPage> =>
  call(CONTRACTS.myApplications, { query: request });

/** Keyed by the token too: another login sees its own. */
export function useMyFilings(request: MyFilingsRequest, token: string) {
  return useSWR([API_PATHS.myApplications, request, token] as const, ([, key]) => getMyFilings(key), {
    keepPreviousData: true,
  });
}
