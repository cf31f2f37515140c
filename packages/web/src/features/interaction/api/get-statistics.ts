import type { InteractionStatistics } from '@credit-portal/shared';
import { INTERACTION_HEADS } from '@credit-portal/shared/heads/interaction';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches one year's message figures; without a year, the latest (POST /Cms/hdjl/statistics). */
export function getStatistics(year: number | null): Promise<InteractionStatistics> {
  return call(INTERACTION_HEADS.interactionStatistics, {
    body: year === null ? {} : { year },
  });
}

export const statisticsKey = (year: number | null) => [INTERACTION_HEADS.interactionStatistics.path, year] as const;

export function useStatistics(year: number | null) {
  return useSWR(statisticsKey(year), ([, key]) => getStatistics(key), { keepPreviousData: true });
}
