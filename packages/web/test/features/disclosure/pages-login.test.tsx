import { screen, waitFor, within } from '@testing-library/react';
import { CONTRACTS, MESSAGES, STORAGE_KEYS, type RedBlackDetail, type RedBlackListItem } from '@credit-portal/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeLogin } from '@/lib/login-session';
import { paths, withQuery } from '@/lib/paths';
import { forgetLogin } from './pages-support';
import { fakeGateway } from '../../fake-gateway';
import { bearerOf, loginResult } from '../../fixtures';
import { addressQuery, findMain, preloadPages, renderAppAt, setupUser } from '../../render-app';

/*
 * 信息公示's lists behind a login, with the API client stubbed at its edge (test/fake-gateway.ts):
 * the landing page's red and black lists, asked for with the stored login and by type, the tab in
 * the address; the one login prompt of a list, and 登录失效 only to a login that ran out.
 */

// The pages' code, loaded once before the tests (render-app.tsx: preloadPages).
beforeAll(() => preloadPages(paths.disclosure, paths.redBlackDetails, paths.nontaxList, paths.scanLogin));

afterEach(forgetLogin);

describe('information disclosure', () => {
  it('shows the red and black lists to a logged-in user, and one entry with its fields', async () => {
    const row: RedBlackListItem = {
      id: '801',
      EntName: '云州市诚信建设有限公司',
      CreditCode: '91520100MA6H000010',
      ListType: 'red',
      ListName: '守合同重信用企业',
      Reason: '连续三年守合同重信用',
      Authority: '云州市市场监督管理局',
      IncludedOn: '2025-06-01',
      ValidUntil: '2027-05-31',
      SourceUnit: '云州市市场监督管理局',
      UpdateTime: '2025-06-02 09:00:00',
    };
    const entry: RedBlackDetail = {
      ...row,
      EntType: '有限责任公司',
      LegalRep: '吴九',
      Address: '云州市东湖区信用路1号',
      Measures: '在招标投标中予以加分',
      Related: [],
    };
    const gateway = fakeGateway()
      .on(CONTRACTS.redBlackList, () => ({ list: [row], totalCount: 1 }))
      .on(CONTRACTS.redBlackDetail, () => entry);
    const user = setupUser();
    storeLogin(loginResult());
    renderAppAt(`#${paths.disclosure}`);
    const main = await findMain();
    const section = await main.findByRole('region', { name: '红黑名单' });
    await within(section).findByRole('columnheader', { name: '认定部门' });
    // The lists are asked for with the stored token (spec §7).
    expect(gateway.calls(CONTRACTS.redBlackList.path)[0]!.headers.get('authorization')).toBe(bearerOf());
    await user.click(within(section).getAllByRole('link', { name: /^查看详情：/ })[0]!);
    expect(await screen.findByText('红黑名单信息', { selector: 'p' })).toBeInTheDocument();
    for (const label of ['名单名称', '列入原因', '认定部门', '有效期至', '激励或惩戒措施', '数据来源单位']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText(entry.Measures)).toBeInTheDocument();
  });

  it('shows the red list and the black list each in a tab, asked of the service by type, the tab in the address', async () => {
    const entry = (id: string, ListType: 'red' | 'black', EntName: string): RedBlackListItem => ({
      id,
      EntName,
      CreditCode: `91520100MA6H0000${id}`,
      ListType,
      ListName: ListType === 'red' ? '守合同重信用企业' : '严重违法失信名单',
      Reason: '',
      Authority: '云州市市场监督管理局',
      IncludedOn: '2025-06-01',
      ValidUntil: '2027-05-31',
      SourceUnit: '云州市市场监督管理局',
      UpdateTime: '2025-06-02 09:00:00',
    });
    const rows = [entry('81', 'red', '云州市守信建设有限公司'), entry('82', 'black', '云州市失信贸易有限公司')];
    const gateway = fakeGateway().on(CONTRACTS.redBlackList, ({ body }) => {
      const { listType, keyword } = body as { listType?: string; keyword?: string };
      const list = rows.filter(
        (row) => (!listType || row.ListType === listType) && (!keyword || row.EntName.includes(keyword)),
      );
      return { list, totalCount: list.length };
    });
    const user = setupUser();
    storeLogin(loginResult());
    renderAppAt(`#${withQuery(paths.disclosure, { keyword: '云州' })}`);
    const main = await findMain();
    const section = await main.findByRole('region', { name: '红黑名单' });
    // Both lists at first.
    expect(within(section).getByRole('tab', { name: '全部' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(section).findByText('云州市守信建设有限公司')).toBeInTheDocument();
    expect(within(section).getByText('云州市失信贸易有限公司')).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.redBlackList.path)[0]!.body).not.toHaveProperty('listType');

    // The black list: asked for by type, the tab in the address, the keyword kept.
    await user.click(within(section).getByRole('tab', { name: '黑名单' }));
    await waitFor(() => expect(addressQuery().get('listType')).toBe('black'));
    expect(addressQuery().get('keyword')).toBe('云州');
    await waitFor(() => expect(within(section).queryByText('云州市守信建设有限公司')).not.toBeInTheDocument());
    expect(within(section).getByText('云州市失信贸易有限公司')).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.redBlackList.path).at(-1)!.body).toMatchObject({
      listType: 'black',
      keyword: '云州',
    });

    // The red list, by keyboard.
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(addressQuery().get('listType')).toBe('red'));
    expect(await within(section).findByText('云州市守信建设有限公司')).toBeInTheDocument();
    expect(within(section).queryByText('云州市失信贸易有限公司')).not.toBeInTheDocument();
    expect(within(section).getByRole('tab', { name: '红名单' })).toHaveAttribute('aria-selected', 'true');
  });

  it('asks for a login on the landing page before showing the red and black lists, and links every list', async () => {
    const gateway = fakeGateway();
    renderAppAt(`#${paths.disclosure}`);
    const main = await findMain();
    const section = await main.findByRole('region', { name: '红黑名单' });
    expect(within(section).getByRole('link', { name: '实名登录' })).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.redBlackList.path)).toEqual([]);
    // The landing page leads to every list and form of the section.
    const hrefs = main.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const path of [
      paths.doubleDisclosure,
      paths.promiseBook,
      paths.keptPromises,
      paths.promiseVoluntary,
      paths.abnormalBusiness,
      paths.majorTaxViolation,
      paths.arrearsFunds,
      paths.bankruptcyList,
      paths.hetaoList,
      paths.hetaoSearch,
      paths.nontaxList,
    ]) {
      expect(hrefs, path).toContain(`#${path}`);
    }
  });
  it('asks a visitor who never logged in with the one login prompt, and says 登录失效 only to a login that ran out', async () => {
    const gateway = fakeGateway();
    const view = renderAppAt(`#${paths.nontaxList}`);
    const main = await findMain();
    // The same prompt as 红黑名单 and 信用承诺自愿注册, in the page, and what 实名登录 means.
    const prompt = await main.findByRole('note');
    expect(within(prompt).getByRole('link', { name: '实名登录' })).toHaveAttribute('href', `#${paths.scanLogin}`);
    expect(prompt).toHaveTextContent('登录后即可查询非税收入欠缴信息公示');
    expect(prompt).toHaveTextContent('实名登录即用本网站账号登录');
    expect(screen.queryByText(MESSAGES.loginExpired)).not.toBeInTheDocument();
    expect(window.location.hash).toBe(`#${paths.nontaxList}`);
    expect(gateway.calls(CONTRACTS.nontaxRevenue.path)).toEqual([]);
    // The prompt's link brings the visitor back to the list after the login.
    await setupUser().click(within(prompt).getByRole('link', { name: '实名登录' }));
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.scanLogin}`));
    expect(window.sessionStorage.getItem(STORAGE_KEYS.returnPath)).toBe(paths.nontaxList);
    view.unmount();

    // A login whose token is gone: it did log in, so 登录失效 and on to the login page.
    window.localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(loginResult().UserInfo));
    renderAppAt(`#${paths.nontaxList}`);
    expect(await screen.findByText(MESSAGES.loginExpired)).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.scanLogin}`));
    expect(gateway.calls(CONTRACTS.nontaxRevenue.path)).toEqual([]);
  });
});
