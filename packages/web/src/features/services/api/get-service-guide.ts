import type { ServiceGuide } from '@credit-portal/shared';
import { GUIDES_HEADS } from '@credit-portal/shared/heads/guides';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Every service guide (POST /Cms/bszn/list); the services' pages show the one done on them. */
export const getServiceGuides = (): Promise<ServiceGuide[]> => call(GUIDES_HEADS.serviceGuides, { body: {} });

// The same key as the service guide page: one cached answer for both.
export const serviceGuidesKey = () => [GUIDES_HEADS.serviceGuides.path] as const;

/** The guide of the service done online at `onlinePath` (null when the CMS has none). */
export function useServiceGuide(onlinePath: string) {
  const query = useSWR(serviceGuidesKey(), getServiceGuides);
  return {
    ...query,
    mutate: query.mutate,
    data: query.data === undefined ? undefined : (query.data.find((guide) => guide.onlinePath === onlinePath) ?? null),
  };
}
