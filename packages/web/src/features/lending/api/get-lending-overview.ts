import type { LendingOverview } from '@credit-portal/shared';
import { LENDING_HEADS } from '@credit-portal/shared/heads/lending';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches the lending platform's figures, partner banks and products (POST /Cms/xyd/overview). */
export function getLendingOverview(): Promise<LendingOverview> {
  return call(LENDING_HEADS.lendingOverview, { body: {} });
}

export const lendingOverviewKey = () => [LENDING_HEADS.lendingOverview.path] as const;

export function useLendingOverview() {
  return useSWR(lendingOverviewKey(), getLendingOverview);
}
