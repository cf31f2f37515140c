import type { OpenDataCatalog } from '@credit-portal/shared/contracts/open-data';
import { OPEN_DATA_HEADS } from '@credit-portal/shared/heads/open-data';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches today's open-data catalogue: the datasets, their files and fields (GET /open/v1/datasets). */
export function getOpenDatasets(): Promise<OpenDataCatalog> {
  return call(OPEN_DATA_HEADS.openDatasets);
}

export const openDatasetsKey = () => [OPEN_DATA_HEADS.openDatasets.path] as const;

export function useOpenDatasets() {
  return useSWR(openDatasetsKey(), getOpenDatasets);
}
