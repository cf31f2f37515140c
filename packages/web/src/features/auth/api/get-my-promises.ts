import { API_PATHS, type CreditPromise } from '@credit-portal/shared';
import useSWR from 'swr';
import { request } from '@/lib/api-client';

/** The credit promises the logged-in user filed (GET /user/entpromise). */
export const getMyPromises = (): Promise<CreditPromise[]> =>
  request<CreditPromise[]>(API_PATHS.myPromises, { auth: true });

export const myPromisesKey = (token: string) => [API_PATHS.myPromises, token] as const;

export function useMyPromises(token: string) {
  return useSWR(myPromisesKey(token), getMyPromises);
}
