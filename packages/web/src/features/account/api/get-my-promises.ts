import type { CreditPromise } from '@credit-portal/shared';
import { ACCOUNT_HEADS } from '@credit-portal/shared/heads/account';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** The credit promises the logged-in user filed (GET /user/entpromise). */
export const getMyPromises = (): Promise<CreditPromise[]> => call(ACCOUNT_HEADS.myPromises);

export const myPromisesKey = (token: string) => [ACCOUNT_HEADS.myPromises.path, token] as const;

export function useMyPromises(token: string) {
  return useSWR(myPromisesKey(token), getMyPromises);
}
