import { API_PATHS, CONTRACTS, type JudgeBusiness } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Whether an entity is linked to the logged-in user (GET JudgeWhetherMyBusiness, bearer). */
export const judgeMyBusiness = (entityId: string): Promise<JudgeBusiness> =>
  call(CONTRACTS.judgeMyBusiness, { query: { id: entityId } });

/** Keyed by the token too: another login asks again. */
export function useJudgeMyBusiness(entityId: string | undefined, token: string) {
  return useSWR(entityId ? ([API_PATHS.judgeMyBusiness, entityId, token] as const) : null, ([, id]) =>
    judgeMyBusiness(id),
  );
}
