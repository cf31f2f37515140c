import { API_PATHS, CONTRACTS, type MyBusiness } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** The entities linked to the logged-in user (GET MyBusinessList, bearer). */
export const getMyBusinesses = (): Promise<MyBusiness[]> => call(CONTRACTS.myBusinessList);

export function useMyBusinesses(token: string) {
  return useSWR([API_PATHS.myBusinessList, token] as const, getMyBusinesses);
}
