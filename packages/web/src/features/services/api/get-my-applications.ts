import type { ApplicationKind, ApplicationPage } from '@credit-portal/shared';
import { SERVICES_HEADS } from '@credit-portal/shared/heads/services';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

export interface MyApplicationsRequest {
  /** One kind, or both when absent. */
  kind?: ApplicationKind;
  pageIndex: number;
  pageSize: number;
}

/** The user's applications (of one kind, or both) with their timelines, newest first (GET MyApplications, bearer). */
export const getMyApplications = (request: MyApplicationsRequest): Promise<ApplicationPage> =>
  call(SERVICES_HEADS.myApplications, { query: request });

/** Keyed by the token too: another login sees its own. */
export function useMyApplications(request: MyApplicationsRequest, token: string) {
  return useSWR([SERVICES_HEADS.myApplications.path, request, token] as const, ([, key]) => getMyApplications(key), {
    keepPreviousData: true,
  });
}
