import { CONTRACTS, API_PATHS, type LendingOverview } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches the lending platform's figures, partner banks and products (POST /Cms/xyd/overview). */
export function getLendingOverview(): Promise<LendingOverview> {
  return call(CONTRACTS.lendingOverview, { body: {} });
}

export const lendingOverviewKey = () => [API_PATHS.lendingOverview] as const;

export function useLendingOverview() {
  return useSWR(lendingOverviewKey(), getLendingOverview);
}
