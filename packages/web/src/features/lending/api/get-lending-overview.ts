import { API_PATHS, type LendingOverview } from '@credit-portal/shared';
import useSWR from 'swr';
import { request } from '@/lib/api-client';

/** Fetches the lending platform's figures, partner banks and products (POST /Cms/xyd/overview). */
export function getLendingOverview(): Promise<LendingOverview> {
  return request<LendingOverview>(API_PATHS.lendingOverview, { method: 'POST', body: {} });
}

export const lendingOverviewKey = () => [API_PATHS.lendingOverview] as const;

export function useLendingOverview() {
  return useSWR(lendingOverviewKey(), getLendingOverview);
}
