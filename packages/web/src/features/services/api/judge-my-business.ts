import type { JudgeBusiness } from '@credit-portal/shared';
import { SERVICES_HEADS } from '@credit-portal/shared/heads/services';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Whether an entity is linked to the logged-in user (GET JudgeWhetherMyBusiness, bearer). */
export const judgeMyBusiness = (entityId: string): Promise<JudgeBusiness> =>
  call(SERVICES_HEADS.judgeMyBusiness, { query: { id: entityId } });

/** Keyed by the token too: another login asks again. */
export function useJudgeMyBusiness(entityId: string | undefined, token: string) {
  return useSWR(entityId ? ([SERVICES_HEADS.judgeMyBusiness.path, entityId, token] as const) : null, ([, id]) =>
    judgeMyBusiness(id),
  );
}
