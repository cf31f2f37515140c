import type { RepairPurpose } from '@credit-portal/shared';
import { SERVICES_HEADS } from '@credit-portal/shared/heads/services';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** What a repaired record may be needed for (GET GetCreditRepairPurposeList). */
export const getRepairPurposes = (): Promise<RepairPurpose[]> => call(SERVICES_HEADS.repairPurposes);

export function useRepairPurposes() {
  return useSWR([SERVICES_HEADS.repairPurposes.path] as const, getRepairPurposes);
}
