import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
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
import { failure, fakeGateway, type FakeRequest } from './fake-gateway';
import { licenceDetail, penaltyDetail } from './fixtures';
import { addressQuery, preloadPages, renderAppAt } from './render-app';

// user-event without its pointer-events check (as render-app.tsx: setupUser): it reads the computed
// style of the target and its ancestors on every click; what CSS lets through is checked in Chromium.

/*
 * The district credit site (spec §2.2, §4, §8) with the API client stubbed at its edge
 * (test/fake-gateway.ts): each of the five views opens from its address, the links between
 * them name the view they lead to, list search and paging keep to the address, and both error
 * paths show the server's message. The walk overview → list → detail → back arrow → overview,
 * and the browser's back button, in real Chromium for every seeded district: e2e/district.e2e.ts.
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

/** The address query a link of the page leads to. */
const targetOf = (link: HTMLElement): URLSearchParams =>
  new URLSearchParams(link.getAttribute('href')!.split('?')[1] ?? '');

describe('the district site page', () => {
  it('links each view to the next: 更多 to the list, a row to its detail, the back arrow to the overview', async () => {
    const gateway = districtGateway();
    const { unmount } = renderAppAt(districtHash());
    const licenceBox = await screen.findByRole('region', { name: '行政许可公示' });
    expect(await screen.findByRole('heading', { level: 1, name: DISTRICT.siteName })).toBeInTheDocument();
    expect(Object.fromEntries(gateway.calls(CONTRACTS.siteInfo.path)[0]!.query)).toMatchObject({
      recordId: DISTRICT.recordId,
      categoryId: DISTRICT.categoryId,
      cmsBaseId: DISTRICT.cmsBaseId,
      pageSize: String(PAGE_SIZE.districtOverview),
    });
    // 1 → 2 and 3 by 更多.
    expect(targetOf(within(licenceBox).getByRole('link', { name: /更多/ })).get('view')).toBe('2');
    const penaltyBox = screen.getByRole('region', { name: '行政处罚公示' });
    expect(targetOf(within(penaltyBox).getByRole('link', { name: /更多/ })).get('view')).toBe('3');
    unmount();

    // View 2: the list with its title, search box and columns; a row leads to view 4 with its id.
    const list = renderAppAt(districtHash({ view: 2 }));
    await screen.findByText('许可文书号', { selector: 'th' });
    const table = screen.getByRole('table');
    expect(screen.getByRole('heading', { level: 2, name: '行政许可公示' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入行政相对人名称或文书号')).toBeInTheDocument();
    const first = LICENCES[0]!;
    await within(table).findByText(first.xK_WSH);
    for (const header of ['序号', '许可文书号', '行政相对人名称', '决定日期', '操作']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const detail = targetOf(within(table).getAllByRole('link', { name: /查看详情/ })[0]!);
    expect([detail.get('view'), detail.get('id'), detail.get('recordId')]).toEqual(['4', first.id, DISTRICT.recordId]);
    // The back arrow: the overview, without a view.
    const back = targetOf(screen.getByRole('link', { name: '返回区县首页' }));
    expect([back.get('view'), back.get('recordId')]).toEqual([null, DISTRICT.recordId]);
    list.unmount();

    // View 4: a two-column table titled with the counterpart, and the back arrow.
    renderAppAt(districtHash({ view: 4, id: first.id }));
    expect(await screen.findByRole('heading', { level: 2, name: first.xK_XDR_MC })).toBeInTheDocument();
    expect(await screen.findByText('行政许可决定文书号')).toBeInTheDocument();
    expect(targetOf(screen.getByRole('link', { name: '返回区县首页' })).get('view')).toBeNull();
  });

  it('reopens each view from its address (reload)', async () => {
    districtGateway();
    const cases: [Record<string, string | number>, () => Promise<unknown>][] = [
      [{ view: 2 }, () => screen.findByRole('heading', { level: 2, name: '行政许可公示' })],
      [{ view: 3 }, () => screen.findByText('处罚文书号', { selector: 'th' })],
      [{ view: 4, id: LICENCES[1]!.id }, () => screen.findByRole('heading', { name: LICENCES[1]!.xK_XDR_MC })],
      [{ view: 5, id: PENALTIES[0]!.id }, () => screen.findByRole('heading', { name: PENALTIES[0]!.cF_XDR_MC })],
    ];
    for (const [query, shown] of cases) {
      const { unmount } = renderAppAt(districtHash(query));
      expect(await shown()).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: DISTRICT.siteName })).toBeInTheDocument();
      unmount();
    }
  });

  it('searches the list by counterpart name and by document number, and pages through it', async () => {
    const gateway = districtGateway();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
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
