import { screen, waitFor, within } from '@testing-library/react';
import {
  CONTRACTS,
  ERROR_CODES,
  ERROR_MESSAGES,
  PAGE_SIZE,
  type DistrictSummary,
  type LicenceListRow,
  type PenaltyListRow,
  type SiteInfo,
} from '@credit-portal/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '@/lib/paths';
import { failure, fakeGateway, type FakeRequest } from '../../fake-gateway';
import { licenceDetail, penaltyDetail } from '../../fixtures';
import { addressQuery, preloadPages, renderAppAt, setupUser } from '../../render-app';

/*
 * The district credit site (spec §2.2, §4, §8) with the API client stubbed at its edge
 * (test/fake-gateway.ts): list search and paging keep to the address, and both error paths show
 * the server's message. The five views and the links between them (overview → list by 更多 → a
 * row's detail → back arrow → overview, each view reopened from its address by the browser's back
 * button, the list's columns) are walked once, in real Chromium for every seeded district at 1440
 * and 375 px: e2e/district.e2e.ts.
 */

// The pages' code, loaded once before the tests (render-app.tsx: preloadPages).
beforeAll(() => preloadPages(paths.areaDetails));

afterEach(() => {
  vi.unstubAllGlobals();
});

const DISTRICT: DistrictSummary = { recordId: '9001', categoryId: '6001', cmsBaseId: '11', siteName: '东湖区信用网' };

/** 23 licences and 12 penalties of the district (typed by the shared list-row schemas). */
const LICENCES: LicenceListRow[] = Array.from({ length: 23 }, (_, i) => ({
  id: `xk${i + 1}`,
  xK_WSH: `东市监许〔2026〕${i + 1}号`,
  xK_XDR_MC: i % 4 === 0 ? '东湖区恒信商贸有限公司' : `东湖区第${i + 1}家企业`,
  xK_JDRQ: '2026-03-01',
}));
const PENALTIES: PenaltyListRow[] = Array.from({ length: 12 }, (_, i) => ({
  id: `cf${i + 1}`,
  cF_WSH: `东市监罚〔2026〕${i + 1}号`,
  cF_XDR_MC: `东湖区某商店${i + 1}`,
  cF_JDRQ: '2026-02-01',
}));

const SITE: SiteInfo = {
  recordId: DISTRICT.recordId,
  siteName: DISTRICT.siteName,
  layout: 'full',
  categoryId: DISTRICT.categoryId,
  cmsBaseId: DISTRICT.cmsBaseId,
  xkInfo: LICENCES.slice(0, PAGE_SIZE.districtOverview),
  cfInfo: PENALTIES.slice(0, PAGE_SIZE.districtOverview),
};

const licenceOf = (row: LicenceListRow) =>
  licenceDetail({ id: row.id, XK_WSH: row.xK_WSH, XK_XDR_MC: row.xK_XDR_MC, XK_JDRQ: row.xK_JDRQ });
const penaltyOf = (row: PenaltyListRow) =>
  penaltyDetail({ id: row.id, CF_WSH: row.cF_WSH, CF_XDR_MC: row.cF_XDR_MC, CF_JDRQ: row.cF_JDRQ });

/** A page of a district list, searched by counterpart name or document number as the CMS does. */
function listPage<Row>(rows: Row[], request: FakeRequest, fields: (row: Row) => string[]) {
  const word = request.query.get('searchWord') ?? '';
  const found = rows.filter((row) => !word || fields(row).some((field) => field.includes(word)));
  const size = Number(request.query.get('pageSize'));
  const start = (Number(request.query.get('pageIndex')) - 1) * size;
  return { list: found.slice(start, start + size), totalCount: found.length };
}

/** The district's gateway: site info, both lists and both details. */
function districtGateway() {
  return fakeGateway()
    .on(CONTRACTS.districtList, () => [DISTRICT])
    .on(CONTRACTS.siteInfo, () => SITE)
    .on(CONTRACTS.districtContentList, () => [])
    .on(CONTRACTS.districtLicenceList, (request) => {
      const { list, totalCount } = listPage(LICENCES, request, (row) => [row.xK_WSH, row.xK_XDR_MC]);
      return { xkInfo: list, totalCount };
    })
    .on(CONTRACTS.districtPenaltyList, (request) => {
      const { list, totalCount } = listPage(PENALTIES, request, (row) => [row.cF_WSH, row.cF_XDR_MC]);
      return { cfInfo: list, totalCount };
    })
    .on(CONTRACTS.districtLicenceDetail, ({ query }) => licenceOf(LICENCES.find((row) => row.id === query.get('id'))!))
    .on(CONTRACTS.districtPenaltyDetail, ({ query }) =>
      penaltyOf(PENALTIES.find((row) => row.id === query.get('id'))!),
    );
}

const districtHash = (extra: Record<string, string | number> = {}) => {
  const query = new URLSearchParams({
    recordId: DISTRICT.recordId,
    categoryId: DISTRICT.categoryId,
    cmsBaseId: DISTRICT.cmsBaseId,
    ...Object.fromEntries(Object.entries(extra).map(([key, value]) => [key, String(value)])),
  });
  return `#/areaDetails?${query.toString()}`;
};

describe('the district site page', () => {
  it('searches the list by counterpart name and by document number, and pages through it', async () => {
    const gateway = districtGateway();
    const user = setupUser();
    const { unmount } = renderAppAt(districtHash({ view: 2 }));
    const box = await screen.findByPlaceholderText('请输入行政相对人名称或文书号');
    const target = LICENCES[4]!;

    await user.clear(box);
    await user.click(box);
    await user.paste(target.xK_WSH);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(addressQuery().get('keyword')).toBe(target.xK_WSH));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(within(screen.getByRole('table')).getByText(target.xK_WSH)).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.districtLicenceList.path).at(-1)!.query.get('searchWord')).toBe(target.xK_WSH);

    await user.clear(box);
    await user.paste(target.xK_XDR_MC);
    await user.click(screen.getByRole('button', { name: /搜\s*索|查\s*询/ }));
    await waitFor(() => expect(addressQuery().get('keyword')).toBe(target.xK_XDR_MC));
    await waitFor(() => {
      const names = within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent ?? '');
      expect(names.length).toBeGreaterThan(1);
      for (const name of names) expect(name).toContain(target.xK_XDR_MC);
    });
    unmount();

    // Paging: page 2 numbers its rows from 11 and keeps the page in the address.
    renderAppAt(districtHash({ view: 2 }));
    const pager = await screen.findByRole('navigation', { name: '分页' });
    await user.click(within(pager).getByTitle('2'));
    await waitFor(() => expect(addressQuery().get('page')).toBe('2'));
    expect(await screen.findByText('11', { selector: 'td' })).toBeInTheDocument();
    expect(screen.getByText(LICENCES[10]!.xK_WSH)).toBeInTheDocument();
    expect(addressQuery().get('view')).toBe('2');
  });

  it('shows the server message when a list call fails, and stops loading', async () => {
    districtGateway().on(CONTRACTS.districtLicenceList, () => failure(400, ERROR_CODES.badRequest));
    renderAppAt(districtHash({ view: 2, keyword: '未曾搜索的关键字' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_MESSAGES.bad_request);
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('shows the server message when a detail call fails, with the back arrow still there', async () => {
    districtGateway().on(CONTRACTS.districtPenaltyDetail, () => failure(400, ERROR_CODES.badRequest));
    renderAppAt(districtHash({ view: 5, id: 'never-opened-record' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_MESSAGES.bad_request);
    expect(screen.getByRole('link', { name: '返回区县首页' })).toBeInTheDocument();
  });
});
