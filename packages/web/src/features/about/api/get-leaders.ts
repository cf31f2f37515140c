import { CONTRACTS, API_PATHS, CONTENT_SECTIONS, type ImageLink } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches the leaders with their photos, titles and positions (POST /Cms/twljlb). */
export function getLeaders(): Promise<ImageLink[]> {
  return call(CONTRACTS.imageLinkList, {
    body: { categoryId: CONTENT_SECTIONS.leaders.categoryId },
  });
}

export const leadersKey = () => [API_PATHS.imageLinkList, CONTENT_SECTIONS.leaders.categoryId] as const;

/** The centre's leaders, in editorial order. */
export function useLeaders() {
  return useSWR(leadersKey(), getLeaders);
}
