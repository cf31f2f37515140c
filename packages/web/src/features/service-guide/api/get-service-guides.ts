import { API_PATHS, type ServiceGuide } from '@credit-portal/shared';
import useSWR from 'swr';
import { request } from '@/lib/api-client';

/** Fetches every service guide (POST /Cms/bszn/list). */
export function getServiceGuides(): Promise<ServiceGuide[]> {
  return request<ServiceGuide[]>(API_PATHS.serviceGuides, { method: 'POST', body: {} });
}

export const serviceGuidesKey = () => [API_PATHS.serviceGuides] as const;

export function useServiceGuides() {
  return useSWR(serviceGuidesKey(), getServiceGuides);
}
