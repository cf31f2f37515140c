import type { ServiceGuide } from '@credit-portal/shared';
import { GUIDES_HEADS } from '@credit-portal/shared/heads/guides';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches every service guide (POST /Cms/bszn/list). */
export function getServiceGuides(): Promise<ServiceGuide[]> {
  return call(GUIDES_HEADS.serviceGuides, { body: {} });
}

export const serviceGuidesKey = () => [GUIDES_HEADS.serviceGuides.path] as const;

export function useServiceGuides() {
  return useSWR(serviceGuidesKey(), getServiceGuides);
}
