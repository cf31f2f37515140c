import { CONTRACTS, API_PATHS, type CreditPromise } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** The credit promises the logged-in user filed (GET /user/entpromise). */
export const getMyPromises = (): Promise<CreditPromise[]> => call(CONTRACTS.myPromises);

export const myPromisesKey = (token: string) => [API_PATHS.myPromises, token] as const;

export function useMyPromises(token: string) {
  return useSWR(myPromisesKey(token), getMyPromises);
}
