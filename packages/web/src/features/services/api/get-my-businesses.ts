import type { MyBusiness } from '@credit-portal/shared';
import { SERVICES_HEADS } from '@credit-portal/shared/heads/services';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** The entities linked to the logged-in user (GET MyBusinessList, bearer). */
export const getMyBusinesses = (): Promise<MyBusiness[]> => call(SERVICES_HEADS.myBusinessList);

export function useMyBusinesses(token: string) {
  return useSWR([SERVICES_HEADS.myBusinessList.path, token] as const, getMyBusinesses);
}
