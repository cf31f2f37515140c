import { API_PATHS, CONTRACTS, type RepairPurpose } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** What a repaired record may be needed for (GET GetCreditRepairPurposeList). */
export const getRepairPurposes = (): Promise<RepairPurpose[]> => call(CONTRACTS.repairPurposes);

export function useRepairPurposes() {
  return useSWR([API_PATHS.repairPurposes] as const, getRepairPurposes);
}
