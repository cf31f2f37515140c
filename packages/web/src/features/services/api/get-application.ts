import type { Application } from '@credit-portal/shared';
import { SERVICES_HEADS } from '@credit-portal/shared/heads/services';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** An objection and its result by application number (GET GetCreditObjectResult, bearer; the owner's only). */
export const getObjectionResult = (applyNo: string): Promise<Application> =>
  call(SERVICES_HEADS.objectionResult, { query: { applyNo } });

export function useObjectionResult(applyNo: string, token: string) {
  return useSWR(applyNo ? ([SERVICES_HEADS.objectionResult.path, applyNo, token] as const) : null, ([, no]) =>
    getObjectionResult(no),
  );
}
