import { CONTRACTS, API_PATHS, type ServiceGuide } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches every service guide (POST /Cms/bszn/list). */
export function getServiceGuides(): Promise<ServiceGuide[]> {
  return call(CONTRACTS.serviceGuides, { body: {} });
}

export const serviceGuidesKey = () => [API_PATHS.serviceGuides] as const;

export function useServiceGuides() {
  return useSWR(serviceGuidesKey(), getServiceGuides);
}
