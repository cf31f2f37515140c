import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTRACTS, ERROR_MESSAGES, PAGE_SIZE, type DistrictSummary, type LicencePage } from '@credit-portal/shared';
import { CONTROL_PATHS } from '@credit-portal/credit-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { call } from '@/lib/api-client';
import { paths, withQuery } from '@/lib/paths';
import { startInProcessProduct, type InProcessProduct } from './in-process-product';

/*
 * The district credit site (spec §2.2, §4, §8) against the real credit-service and gateway: the
 * five views, their transitions, the address that keeps them (reload, back), list search and
 * paging, and both error paths.
 */

// A first page transforms its module graph, while another test file runs beside this one
// (vitest.config.ts: maxWorkers): on a busy machine that takes more than 15 s.
const SLOW = { timeout: 30_000 };

let product: InProcessProduct;
let district: DistrictSummary;
let licences: LicencePage;

const districtHash = (extra: Record<string, string | number> = {}) =>
  `#${withQuery(paths.areaDetails, { recordId: district.recordId, categoryId: district.categoryId, cmsBaseId: district.cmsBaseId, ...extra })}`;

function renderAppAt(hash: string) {
  window.history.replaceState(null, '', `/${hash}`);
  return render(<App />);
}

/** The query of the address the router shows. */
const addressQuery = (): URLSearchParams => new URLSearchParams(window.location.hash.split('?')[1] ?? '');

async function setFault(pathPrefix: string, mode: 'error' | 'off') {
  const response = await fetch(`${product.creditServiceUrl}${CONTROL_PATHS.fault}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pathPrefix, mode, status: 400 }),
  });
  expect(response.ok).toBe(true);
}

beforeAll(async () => {
  product = await startInProcessProduct({ seedEntities: 300, env: { CIRCUIT_FAILURE_THRESHOLD: '1000' } });
  const sites = await call(CONTRACTS.districtList);
  district = sites[0]!;
  licences = await call(CONTRACTS.districtLicenceList, {
    query: { recordid: district.recordId, pageIndex: 1, pageSize: PAGE_SIZE.publicity },
  });
});

afterAll(async () => {
  await product?.stop();
});

describe('the district site page', () => {
  it(
    'walks overview → list → detail → back arrow → overview, and the browser back button retraces it',
    { timeout: 90_000 },
    async () => {
      const user = userEvent.setup();
      const { unmount } = renderAppAt(districtHash());
      const licenceBox = await screen.findByRole('region', { name: '行政许可公示' }, SLOW);
      expect(await screen.findByRole('heading', { level: 1, name: district.siteName }, SLOW)).toBeInTheDocument();

      // 1 → 2 by 更多.
      await user.click(within(licenceBox).getByRole('link', { name: /更多/ }));
      await screen.findByRole('columnheader', { name: '许可文书号' }, SLOW);
      const table = screen.getByRole('table');
      expect(addressQuery().get('view')).toBe('2');
      expect(screen.getByRole('heading', { level: 2, name: '行政许可公示' })).toBeInTheDocument();
      expect(screen.getByPlaceholderText('请输入行政相对人名称或文书号')).toBeInTheDocument();
      const first = licences.xkInfo[0]!;
      await within(table).findByText(first.xK_WSH, {}, SLOW);
      for (const header of ['序号', '许可文书号', '行政相对人名称', '决定日期', '操作']) {
        expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
      }

      // 2 → 4 by view-detail: a two-column table titled with the counterpart.
      await user.click(within(table).getAllByRole('link', { name: /查看详情/ })[0]!);
      expect(await screen.findByRole('heading', { level: 2, name: first.xK_XDR_MC }, SLOW)).toBeInTheDocument();
      expect(addressQuery().get('view')).toBe('4');
      expect(addressQuery().get('id')).toBe(first.id);
      expect(await screen.findByText('行政许可决定文书号', {}, SLOW)).toBeInTheDocument();

      // Back arrow → 1.
      await user.click(screen.getByRole('link', { name: '返回区县首页' }));
      expect(await screen.findByRole('region', { name: '行政处罚公示' }, SLOW)).toBeInTheDocument();
      expect(addressQuery().get('view')).toBeNull();

      // Browser back: the detail, then the list.
      act(() => window.history.back());
      expect(await screen.findByRole('heading', { level: 2, name: first.xK_XDR_MC }, SLOW)).toBeInTheDocument();
      act(() => window.history.back());
      expect(await screen.findByRole('columnheader', { name: '许可文书号' }, SLOW)).toBeInTheDocument();
      expect(addressQuery().get('view')).toBe('2');
      unmount();
    },
  );

  it('reopens each view from its address (reload)', async () => {
    const penalties = await call(CONTRACTS.districtPenaltyList, {
      query: { recordid: district.recordId, pageIndex: 1, pageSize: PAGE_SIZE.publicity },
    });
    const penalty = penalties.cfInfo[0]!;
    const cases: [Record<string, string | number>, () => Promise<unknown>][] = [
      [{ view: 2 }, () => screen.findByRole('heading', { level: 2, name: '行政许可公示' }, SLOW)],
      [{ view: 3 }, () => screen.findByRole('columnheader', { name: '处罚文书号' }, SLOW)],
      [
        { view: 4, id: licences.xkInfo[1]!.id },
        () => screen.findByRole('heading', { name: licences.xkInfo[1]!.xK_XDR_MC }, SLOW),
      ],
      [{ view: 5, id: penalty.id }, () => screen.findByRole('heading', { name: penalty.cF_XDR_MC }, SLOW)],
    ];
    for (const [query, shown] of cases) {
      const { unmount } = renderAppAt(districtHash(query));
      expect(await shown()).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: district.siteName })).toBeInTheDocument();
      unmount();
    }
  });

  it(
    'searches the list by counterpart name and by document number, and pages through it',
    { timeout: 90_000 },
    async () => {
      const user = userEvent.setup();
      const { unmount } = renderAppAt(districtHash({ view: 2 }));
      const box = await screen.findByPlaceholderText('请输入行政相对人名称或文书号', {}, SLOW);
      const target = licences.xkInfo[2]!;

      await user.clear(box);
      await user.paste(target.xK_WSH);
      await user.keyboard('{Enter}');
      await waitFor(() => expect(addressQuery().get('keyword')).toBe(target.xK_WSH));
      await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2), SLOW);
      expect(within(screen.getByRole('table')).getByText(target.xK_WSH)).toBeInTheDocument();

      await user.clear(box);
      await user.paste(target.xK_XDR_MC);
      await user.click(screen.getByRole('button', { name: /搜\s*索|查\s*询/ }));
      await waitFor(() => expect(addressQuery().get('keyword')).toBe(target.xK_XDR_MC));
      await waitFor(() => {
        const names = within(screen.getByRole('table'))
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.textContent ?? '');
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) expect(name).toContain(target.xK_XDR_MC);
      }, SLOW);
      unmount();

      // Paging: page 2 numbers its rows from 11 and keeps the page in the address.
      if (licences.totalCount > PAGE_SIZE.publicity) {
        renderAppAt(districtHash({ view: 2 }));
        const pager = await screen.findByRole('navigation', { name: '分页' }, SLOW);
        await user.click(within(pager).getByTitle('2'));
        await waitFor(() => expect(addressQuery().get('page')).toBe('2'));
        expect(await screen.findByRole('cell', { name: '11' }, SLOW)).toBeInTheDocument();
      }
    },
  );

  it('shows the server message when a list call fails, and stops loading', async () => {
    await setFault(CONTRACTS.districtLicenceList.path, 'error');
    try {
      // A keyword nobody searched: the gateway has no copy to serve instead.
      const { unmount } = renderAppAt(districtHash({ view: 2, keyword: '未曾搜索的关键字' }));
      const alert = await screen.findByRole('alert', {}, SLOW);
      expect(alert).toHaveTextContent(ERROR_MESSAGES.bad_request);
      expect(document.querySelector('[aria-busy="true"]')).toBeNull();
      unmount();
    } finally {
      await setFault(CONTRACTS.districtLicenceList.path, 'off');
    }
  });

  it('shows the server message when a detail call fails, with the back arrow still there', async () => {
    await setFault(CONTRACTS.districtPenaltyDetail.path, 'error');
    try {
      const { unmount } = renderAppAt(districtHash({ view: 5, id: 'never-opened-record' }));
      const alert = await screen.findByRole('alert', {}, SLOW);
      expect(alert).toHaveTextContent(ERROR_MESSAGES.bad_request);
      expect(screen.getByRole('link', { name: '返回区县首页' })).toBeInTheDocument();
      unmount();
    } finally {
      await setFault(CONTRACTS.districtPenaltyDetail.path, 'off');
    }
  });
});
