import { CONTRACTS, API_PATHS, type InteractionStatistics } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches one year's message figures; without a year, the latest (POST /Cms/hdjl/statistics). */
export function getStatistics(year: number | null): Promise<InteractionStatistics> {
  return call(CONTRACTS.interactionStatistics, {
    body: year === null ? {} : { year },
  });
}

export const statisticsKey = (year: number | null) => [API_PATHS.interactionStatistics, year] as const;

export function useStatistics(year: number | null) {
  return useSWR(statisticsKey(year), ([, key]) => getStatistics(key), { keepPreviousData: true });
}
