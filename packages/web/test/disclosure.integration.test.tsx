import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONTRACTS,
  LICENCE_FIELD_LABELS,
  PAGE_SIZE,
  PENALTY_FIELD_LABELS,
  type PermitSearchPage,
} from '@credit-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { call } from '@/lib/api-client';
import { clearLogin, storeLogin } from '@/lib/login-session';
import { detailsPath, paths, withQuery } from '@/lib/paths';
import { startInProcessProduct, type InProcessProduct } from './in-process-product';

/*
 * 信息公示 against the real credit-service and gateway: double disclosure's tabs, search and
 * paging in the address, the licence and penalty details with every field's label, a list with
 * its rows behind 全部信息, and masked ID numbers.
 */

const SLOW = { timeout: 15_000 };
let product: InProcessProduct;
let licences: PermitSearchPage;

function renderAppAt(hash: string) {
  window.history.replaceState(null, '', `/${hash}`);
  return render(<App />);
}

const addressQuery = (): URLSearchParams => new URLSearchParams(window.location.hash.split('?')[1] ?? '');

beforeAll(async () => {
  product = await startInProcessProduct({ seedEntities: 300 });
  licences = await call(CONTRACTS.permitSearch, { query: { pageIndex: 1, pageSize: PAGE_SIZE.publicity } });
});

afterAll(async () => {
  await product?.stop();
});

describe('information disclosure', () => {
  it('switches the double-disclosure tabs, searches and pages, all in the address', async () => {
    const user = userEvent.setup();
    renderAppAt(`#${withQuery(paths.doubleDisclosure, { currentTab: 1 })}`);
    await screen.findByRole('columnheader', { name: '许可文书号' }, SLOW);
    const first = licences.list[0]!;
    expect(await screen.findByRole('cell', { name: first.xK_WSH }, SLOW)).toBeInTheDocument();

    // Search by document number: that one licence.
    const box = screen.getByPlaceholderText(/许可文书号/);
    await user.click(box);
    await user.paste(first.xK_WSH);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(addressQuery().get('keyword')).toBe(first.xK_WSH));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2), SLOW);
    expect(addressQuery().get('currentTab')).toBe('1');

    // The penalty tab: its own columns, the tab in the address.
    await user.click(screen.getByRole('tab', { name: '行政处罚' }));
    await screen.findByRole('columnheader', { name: '处罚文书号' }, SLOW);
    expect(addressQuery().get('currentTab')).toBe('2');

    // Paging keeps the tab.
    const pager = await screen.findByRole('navigation', { name: '分页' }, SLOW);
    await user.click(within(pager).getByTitle('2'));
    await waitFor(() => expect(addressQuery().get('page')).toBe('2'));
    expect(addressQuery().get('currentTab')).toBe('2');
    expect(await screen.findByRole('cell', { name: '11' }, SLOW)).toBeInTheDocument();
  });

  it('shows every field of a licence and of a penalty with its Chinese label', async () => {
    const licence = await call(CONTRACTS.permitDetail, { query: { id: licences.list[0]!.id } });
    const { unmount } = renderAppAt(`#${detailsPath(paths.licenceDetails, licence.id)}`);
    await screen.findByText('行政许可公示信息', {}, SLOW);
    for (const [field, label] of Object.entries(LICENCE_FIELD_LABELS)) {
      if ((licence as Record<string, unknown>)[field] === undefined) continue;
      expect(screen.getByText(label), field).toBeInTheDocument();
    }
    unmount();

    const penalties = await call(CONTRACTS.punishSearch, { query: { pageIndex: 1, pageSize: 1 } });
    const penalty = await call(CONTRACTS.punishDetail, { query: { id: penalties.list[0]!.id } });
    renderAppAt(`#${detailsPath(paths.penaltyDetails, penalty.id)}`);
    await screen.findByText('行政处罚公示信息', {}, SLOW);
    for (const [field, label] of Object.entries(PENALTY_FIELD_LABELS)) {
      if ((penalty as Record<string, unknown>)[field] === undefined) continue;
      expect(screen.getByText(label), field).toBeInTheDocument();
    }
    expect(screen.getAllByText(/（万元）/).length).toBeGreaterThan(0);
  });

  it('lists personal bankruptcies with masked ID numbers, and opens a case', async () => {
    const user = userEvent.setup();
    renderAppAt(`#${paths.bankruptcyList}`);
    await screen.findByRole('columnheader', { name: '案号' }, SLOW);
    const link = (await screen.findAllByRole('link', { name: /^查看详情：/ }, SLOW))[0]!;
    await user.click(link);
    expect(await screen.findByText('个人破产信息', { selector: 'p' }, SLOW)).toBeInTheDocument();
    const idNumber = screen.getByText('证件号码').closest('tr')!;
    expect(idNumber.textContent).toMatch(/\d{6}\*{6}[\dX]{4}/);
    expect(idNumber.textContent).not.toMatch(/\d{18}|\d{17}X/);
  });

  it('shows every field of an abnormal-business listing behind 全部信息 on a list without details', async () => {
    const user = userEvent.setup();
    renderAppAt(`#${paths.abnormalBusiness}`);
    await screen.findByRole('columnheader', { name: '列入原因' }, SLOW);
    const expand = (await screen.findAllByRole('button', { name: /展开/ }, SLOW))[0]!;
    await user.click(expand);
    expect(await screen.findByText('列入经营异常名录原因', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('数据来源单位')).toBeInTheDocument();
  });

  it('asks for a login before the non-tax arrears list', async () => {
    renderAppAt(`#${paths.nontaxList}`);
    await waitFor(() => expect(window.location.hash).toContain(paths.scanLogin), SLOW);
  });

  it('tells whether an enterprise is in the Hetao credit list, with its labels', async () => {
    const members = await call(CONTRACTS.hetaoList, { query: { pageIndex: 1, pageSize: 1 } });
    const member = members.list[0]!;
    renderAppAt(`#${withQuery(paths.hetaoSearch, { keyword: member.CreditCode })}`);
    expect(await screen.findByText(member.EntName, {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('信用河套企业', {}, SLOW)).toBeInTheDocument();
    for (const label of member.Labels) expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('shows the red and black lists to a logged-in user, and one entry with its fields', async () => {
    const user = userEvent.setup();
    storeLogin(await call(CONTRACTS.register, { body: { Mobile: '13912345678', Password: 'web1234pass' } }));
    try {
      renderAppAt(`#${paths.disclosure}`);
      const section = await screen.findByRole('region', { name: '红黑名单' }, SLOW);
      await within(section).findByRole('columnheader', { name: '认定部门' }, SLOW);
      await user.click(within(section).getAllByRole('link', { name: /^查看详情：/ })[0]!);
      expect(await screen.findByText('红黑名单信息', { selector: 'p' }, SLOW)).toBeInTheDocument();
      for (const label of ['名单名称', '列入原因', '认定部门', '有效期至', '激励或惩戒措施', '数据来源单位']) {
        expect(screen.getByText(label)).toBeInTheDocument();
      }
    } finally {
      clearLogin();
    }
  });

  it('asks for a login on the landing page before showing the red and black lists', async () => {
    renderAppAt(`#${paths.disclosure}`);
    const section = await screen.findByRole('region', { name: '红黑名单' }, SLOW);
    expect(within(section).getByRole('link', { name: '实名登录' })).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });
});
