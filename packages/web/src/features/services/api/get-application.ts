import { API_PATHS, CONTRACTS, type Application } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** An objection and its result by application number (GET GetCreditObjectResult, bearer; the owner's only). */
export const getObjectionResult = (applyNo: string): Promise<Application> =>
  call(CONTRACTS.objectionResult, { query: { applyNo } });

export function useObjectionResult(applyNo: string, token: string) {
  return useSWR(applyNo ? ([API_PATHS.objectionResult, applyNo, token] as const) : null, ([, no]) =>
    getObjectionResult(no),
  );
}
