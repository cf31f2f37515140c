import {
  CONTENT_SECTIONS,
  PAGE_SIZE,
  type ContentListItem,
  type DistrictSummary,
  type LicenceDetail,
  type LicencePage,
  type PenaltyDetail,
  type PenaltyPage,
  type SiteInfo,
} from '@credit-portal/shared';
import { DISTRICT_HEADS } from '@credit-portal/shared/heads/district';
import useSWR from 'swr';
import { call } from '@/lib/api-client';
import type { PublicityKind } from '@/components/publicity-fields';

/** The three values a district page is entered with (spec §2.2). */
export interface DistrictKey {
  recordId: string;
  categoryId: string;
  cmsBaseId: string;
}

/** Fetches the district sites (GET /cms/sitelist). */
export const getDistricts = (): Promise<DistrictSummary[]> => call(DISTRICT_HEADS.districtList);

export function useDistricts() {
  return useSWR([DISTRICT_HEADS.districtList.path] as const, getDistricts);
}

/** Fetches a district's name and first licence and penalty rows (GET /cms/siteinfo). */
export function getSiteInfo(key: DistrictKey): Promise<SiteInfo> {
  return call(DISTRICT_HEADS.siteInfo, { query: { ...key, pageSize: PAGE_SIZE.districtOverview } });
}

export function useSiteInfo(key: DistrictKey) {
  return useSWR([DISTRICT_HEADS.siteInfo.path, key] as const, ([, k]) => getSiteInfo(k));
}

/** Fetches a district site's own articles of a section (GET /cms/mrlb with its cmsBaseId). */
export function getDistrictArticles(cmsBaseId: string, section: 'news' | 'policy'): Promise<ContentListItem[]> {
  return call(DISTRICT_HEADS.districtContentList, {
    query: {
      categoryId: CONTENT_SECTIONS[section].categoryId,
      cmsBaseId,
      pageIndex: 1,
      pageSize: PAGE_SIZE.districtOverview,
    },
  });
}

export function useDistrictArticles(cmsBaseId: string, section: 'news' | 'policy') {
  return useSWR([DISTRICT_HEADS.districtContentList.path, cmsBaseId, section] as const, ([, id, s]) =>
    getDistrictArticles(id, s),
  );
}

/** One page of a district's licence or penalty list, with the keyword (counterpart or document number). */
export interface DistrictListParams {
  recordId: string;
  pageIndex: number;
  searchWord: string;
}

/** One row of a district list, the same for both kinds. */
export interface DistrictListRow {
  id: string;
  docNo: string;
  counterpart: string;
  date: string;
}

export interface DistrictListPage {
  list: DistrictListRow[];
  totalCount: number;
}

const LIST_ROUTES = {
  licence: DISTRICT_HEADS.districtLicenceList,
  penalty: DISTRICT_HEADS.districtPenaltyList,
} as const;
const DETAIL_ROUTES = {
  licence: DISTRICT_HEADS.districtLicenceDetail,
  penalty: DISTRICT_HEADS.districtPenaltyDetail,
} as const;

const licenceRows = (page: LicencePage): DistrictListPage => ({
  list: page.xkInfo.map((row) => ({ id: row.id, docNo: row.xK_WSH, counterpart: row.xK_XDR_MC, date: row.xK_JDRQ })),
  totalCount: page.totalCount,
});
const penaltyRows = (page: PenaltyPage): DistrictListPage => ({
  list: page.cfInfo.map((row) => ({ id: row.id, docNo: row.cF_WSH, counterpart: row.cF_XDR_MC, date: row.cF_JDRQ })),
  totalCount: page.totalCount,
});

/** Fetches a page of a district's licences or penalties (GET /cms/GetQYSiteInfoXK or GetQYSiteInfoCF). */
export async function getDistrictList(kind: PublicityKind, params: DistrictListParams): Promise<DistrictListPage> {
  const query = {
    recordid: params.recordId,
    pageIndex: params.pageIndex,
    pageSize: PAGE_SIZE.publicity,
    ...(params.searchWord ? { searchWord: params.searchWord } : {}),
  };
  return kind === 'licence'
    ? licenceRows(await call(LIST_ROUTES.licence, { query }))
    : penaltyRows(await call(LIST_ROUTES.penalty, { query }));
}

/** A page of a district list; the previous page stays on screen while the next one loads. */
export function useDistrictList(kind: PublicityKind, params: DistrictListParams) {
  return useSWR([LIST_ROUTES[kind].path, params] as const, ([, key]) => getDistrictList(kind, key), {
    keepPreviousData: true,
  });
}

/** Fetches one licence or penalty of a district site (GET …XKDetail / …CFDetail ?id=). */
export function getDistrictDetail(kind: PublicityKind, id: string): Promise<LicenceDetail | PenaltyDetail> {
  return kind === 'licence'
    ? call(DETAIL_ROUTES.licence, { query: { id } })
    : call(DETAIL_ROUTES.penalty, { query: { id } });
}

export function useDistrictDetail(kind: PublicityKind, id: string) {
  return useSWR(id ? ([DETAIL_ROUTES[kind].path, id] as const) : null, ([, key]) => getDistrictDetail(kind, key));
}
