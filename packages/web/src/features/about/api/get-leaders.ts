import { CONTENT_SECTIONS, type ImageLink } from '@credit-portal/shared';
import { CONTENT_HEADS } from '@credit-portal/shared/heads/content';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches the leaders with their photos, titles and positions (POST /Cms/twljlb). */
export function getLeaders(): Promise<ImageLink[]> {
  return call(CONTENT_HEADS.imageLinkList, {
    body: { categoryId: CONTENT_SECTIONS.leaders.categoryId },
  });
}

export const leadersKey = () => [CONTENT_HEADS.imageLinkList.path, CONTENT_SECTIONS.leaders.categoryId] as const;

/** The centre's leaders, in editorial order. */
export function useLeaders() {
  return useSWR(leadersKey(), getLeaders);
}
