import {
  CONTRACTS,
  API_PATHS,
  CONTENT_SECTIONS,
  PAGE_SIZE,
  type ContentListItem,
  type DistrictSummary,
  type SiteInfo,
} from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** The three values a district page is entered with (spec §2.2). */
export interface DistrictKey {
  recordId: string;
  categoryId: string;
  cmsBaseId: string;
}

/** Fetches the district sites (GET /cms/sitelist). */
export const getDistricts = (): Promise<DistrictSummary[]> => call(CONTRACTS.districtList);

export function useDistricts() {
  return useSWR([API_PATHS.districtList] as const, getDistricts);
}

/** Fetches a district's name and first licence and penalty rows (GET /cms/siteinfo). */
export function getSiteInfo(key: DistrictKey): Promise<SiteInfo> {
  return call(CONTRACTS.siteInfo, { query: { ...key, pageSize: PAGE_SIZE.districtOverview } });
}

export function useSiteInfo(key: DistrictKey) {
  return useSWR([API_PATHS.siteInfo, key] as const, ([, k]) => getSiteInfo(k));
}

/** Fetches a district site's own articles of a section (GET /cms/mrlb with its cmsBaseId). */
export function getDistrictArticles(cmsBaseId: string, section: 'news' | 'policy'): Promise<ContentListItem[]> {
  return call(CONTRACTS.districtContentList, {
    query: {
      categoryId: CONTENT_SECTIONS[section].categoryId,
      cmsBaseId,
      pageIndex: 1,
      pageSize: PAGE_SIZE.districtOverview,
    },
  });
}

export function useDistrictArticles(cmsBaseId: string, section: 'news' | 'policy') {
  return useSWR([API_PATHS.districtContentList, cmsBaseId, section] as const, ([, id, s]) =>
    getDistrictArticles(id, s),
  );
}
