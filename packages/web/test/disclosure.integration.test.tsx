import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACCOUNT_MESSAGES,
  CONTRACTS,
  LICENCE_FIELD_LABELS,
  PAGE_SIZE,
  PENALTY_FIELD_LABELS,
  PROMISE_FULFILMENT_FIELD_LABELS,
  PUBLICITY_NOTES,
  VOLUNTARY_PROMISE_TEXT,
  type PermitSearchPage,
} from '@credit-portal/shared';
import { CONTROL_PATHS } from '@credit-portal/credit-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { call } from '@/lib/api-client';
import { clearLogin, storeLogin } from '@/lib/login-session';
import { detailsPath, paths, withQuery } from '@/lib/paths';
import { startInProcessProduct, type InProcessProduct } from './in-process-product';
import { registerWithCode } from './accounts';

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

async function setFault(pathPrefix: string, mode: 'error' | 'off') {
  const response = await fetch(`${product.creditServiceUrl}${CONTROL_PATHS.fault}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pathPrefix, mode, status: 500 }),
  });
  expect(response.ok).toBe(true);
}

/** A text as typed on a Chinese keyboard in full-width mode: full-width ASCII, lower case. */
const toFullWidth = (text: string) =>
  text.replace(/[!-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).toLowerCase();

const addressQuery = (): URLSearchParams => new URLSearchParams(window.location.hash.split('?')[1] ?? '');

beforeAll(async () => {
  product = await startInProcessProduct({
    seedEntities: 300,
    // Injected faults must not open the circuit for the tests that follow.
    env: { CIRCUIT_FAILURE_THRESHOLD: '1000', UPSTREAM_RETRIES: '0' },
  });
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

  it('applies the publicity rule: expired, minor and repaired penalties are not found and say so; ID numbers are masked', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const one = (where: string) =>
      product.creditService.db
        .prepare(
          `SELECT CAST(id AS TEXT) AS id, CF_WSH AS doc, CF_XDR_MC AS name FROM penalties WHERE ${where} LIMIT 1`,
        )
        .get(today) as { id: string; doc: string; name: string };
    const cases = [
      [one("CF_GSJZQ < ? AND severity <> '轻微' AND repaired_on IS NULL"), PUBLICITY_NOTES.expired],
      [one("severity = '轻微' AND ? <> ''"), PUBLICITY_NOTES.minor],
      [one("repaired_on IS NOT NULL AND severity <> '轻微' AND ? <> ''"), PUBLICITY_NOTES.repaired],
    ] as const;
    for (const [penalty, note] of cases) {
      const { unmount } = renderAppAt(`#${withQuery(paths.penaltyDetails, { id: penalty.id, title: penalty.name })}`);
      expect(await screen.findByText(note, {}, SLOW)).toBeInTheDocument();
      if (note === PUBLICITY_NOTES.repaired) expect(screen.getByText('已修复')).toBeInTheDocument();
      unmount();
    }
    // Searched by its document number, the expired one is not in the penalty tab.
    const expired = cases[0][0];
    const { unmount } = renderAppAt(`#${withQuery(paths.doubleDisclosure, { currentTab: 2, keyword: expired.doc })}`);
    expect((await screen.findAllByText('暂无数据', {}, SLOW)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('cell', { name: expired.doc })).not.toBeInTheDocument();
    unmount();

    // A natural person: the ID number masked on the detail page.
    const person = product.creditService.db
      .prepare(
        "SELECT CAST(id AS TEXT) AS id, CF_XDR_ZJHM AS idNumber FROM penalties WHERE CF_XDR_LB = '自然人' AND CF_XDR_ZJHM <> '' AND ? <> '' LIMIT 1",
      )
      .get(today) as { id: string; idNumber: string };
    renderAppAt(`#${detailsPath(paths.penaltyDetails, person.id)}`);
    await screen.findByText('证件号码', {}, SLOW);
    const masked = `${person.idNumber.slice(0, 6)}******${person.idNumber.slice(-4)}`;
    expect(screen.getByText(masked)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(person.idNumber);
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
    storeLogin(await registerWithCode(product.dataDir, '13912345678'));
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

  it('asks for a login on the landing page before showing the red and black lists, and links every list', async () => {
    renderAppAt(`#${paths.disclosure}`);
    const section = await screen.findByRole('region', { name: '红黑名单' }, SLOW);
    expect(within(section).getByRole('link', { name: '实名登录' })).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    // The landing page leads to every list and form of the section.
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
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

  it('lists kept promises, searches a credit code typed in full width with the button, and lists all again', async () => {
    const user = userEvent.setup();
    const all = await call(CONTRACTS.promiseFulfilmentList, { query: { pageIndex: 1, pageSize: PAGE_SIZE.publicity } });
    expect(all.list.length).toBeGreaterThan(0);
    const wanted = all.list.at(-1)!;
    renderAppAt(`#${paths.keptPromises}`);
    await screen.findByRole('columnheader', { name: '践诺核查日期' }, SLOW);
    expect(await screen.findByText(`共 ${all.totalCount} 条`, { selector: 'p' }, SLOW)).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(all.list.length + 1);

    await user.type(
      screen.getByRole('textbox', { name: '主体名称或统一社会信用代码' }),
      ` ${toFullWidth(wanted.CreditCode)} `,
    );
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(addressQuery().get('keyword')).toBe(toFullWidth(wanted.CreditCode)));
    const found = await call(CONTRACTS.promiseFulfilmentList, { query: { keyword: wanted.CreditCode } });
    expect(await screen.findByText(new RegExp(`共找到 ${found.totalCount} 条`), {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: wanted.EntName })).toBeInTheDocument();

    // Emptied and searched again: everything.
    await user.clear(screen.getByRole('textbox', { name: '主体名称或统一社会信用代码' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(addressQuery().get('keyword')).toBeNull());
    expect(await screen.findByText(`共 ${all.totalCount} 条`, { selector: 'p' }, SLOW)).toBeInTheDocument();
  });

  it('shows a fulfilment check with every labelled field and the way to its promise', async () => {
    const user = userEvent.setup();
    const { list } = await call(CONTRACTS.promiseFulfilmentList, { query: { pageIndex: 1, pageSize: 1 } });
    const check = await call(CONTRACTS.promiseFulfilmentDetail, { query: { id: list[0]!.id } });
    renderAppAt(`#${detailsPath(paths.fulfilmentDetail, check.id)}`);
    expect(await screen.findByRole('heading', { level: 1, name: check.EntName }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('信用履约公示', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText(/已践诺/)).toBeInTheDocument();
    for (const label of Object.values(PROMISE_FULFILMENT_FIELD_LABELS)) {
      expect(screen.getByText(label), label).toBeInTheDocument();
    }
    for (const value of [check.Checker, check.UpdateTime, check.Fulfilment, check.CheckedOn]) {
      expect(screen.getAllByText(value).length, value).toBeGreaterThan(0);
    }
    await user.click(screen.getByRole('link', { name: '查看该信用承诺' }));
    expect(await screen.findByText('信用承诺', { selector: 'p' }, SLOW)).toBeInTheDocument();
    expect(addressQuery().get('id')).toBe(check.PromiseId);
    for (const label of ['承诺内容', '数据来源单位', '更新时间']) expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('says a record does not exist, without 重试, and leads back to its list', async () => {
    const user = userEvent.setup();
    for (const id of ['99999999', 'x'.repeat(80)]) {
      const { unmount } = renderAppAt(`#${detailsPath(paths.fulfilmentDetail, id)}`);
      expect(await screen.findByText('未找到该信息', {}, SLOW)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /重\s*试/ })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: '返回守信践诺公示' })).toBeInTheDocument();
      unmount();
    }
    renderAppAt(`#${withQuery(paths.penaltyDetails, { id: '99999999', title: '某公司' })}`);
    expect(await screen.findByText('未找到该信息', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重\s*试/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回行政处罚公示' }));
    await screen.findByRole('columnheader', { name: '处罚文书号' }, SLOW);
    expect(addressQuery().get('currentTab')).toBe('2');
  });

  it('moves a page past the last one to the last page, and ignores a page that is no number', async () => {
    const { totalCount } = await call(CONTRACTS.promiseFulfilmentList, { query: { pageIndex: 1, pageSize: 1 } });
    const last = Math.ceil(totalCount / PAGE_SIZE.publicity);
    const { unmount } = renderAppAt(`#${withQuery(paths.keptPromises, { page: 999 })}`);
    await waitFor(() => expect(addressQuery().get('page')).toBe(last > 1 ? String(last) : null), SLOW);
    expect(await screen.findByText(`共 ${totalCount} 条`, { selector: 'p' }, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('row').length).toBeGreaterThan(1);
    unmount();
    for (const page of ['-3', 'abc', '1e9']) {
      const view = renderAppAt(`#${withQuery(paths.keptPromises, { page })}`);
      expect(await screen.findByText(`共 ${totalCount} 条`, { selector: 'p' }, SLOW), page).toBeInTheDocument();
      view.unmount();
    }
  });

  it('keeps a list usable after a failed load: the error in Chinese, then 重试 loads it', async () => {
    const user = userEvent.setup();
    await setFault(CONTRACTS.promiseFulfilmentList.path, 'error');
    try {
      // A keyword no other test used: nothing cached in the gateway.
      renderAppAt(`#${withQuery(paths.keptPromises, { keyword: '云州' })}`);
      expect(await screen.findByText('加载失败', {}, SLOW)).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: '主体名称或统一社会信用代码' })).toBeEnabled();
    } finally {
      await setFault(CONTRACTS.promiseFulfilmentList.path, 'off');
    }
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    await screen.findByText(/“云州”共找到 \d+ 条/, {}, SLOW);
  });

  it('asks an anonymous visitor to log in before filing a voluntary promise', async () => {
    renderAppAt(`#${paths.promiseVoluntary}`);
    expect(await screen.findByRole('heading', { name: '信用承诺自愿注册' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '实名登录' })).toHaveAttribute('href', `#${paths.scanLogin}`);
    expect(screen.queryByRole('textbox', { name: '统一社会信用代码' })).not.toBeInTheDocument();
  });

  it('files a voluntary promise for a logged-in user, with Chinese messages for bad fields', async () => {
    const user = userEvent.setup();
    // The demo account acts for some entities (信用服务's links): a promise is for one of them.
    storeLogin(await call(CONTRACTS.login, { body: { Mobile: '13900000000', Password: 'Yunzhou2026' } }));
    try {
      const own = await call(CONTRACTS.myBusinessList);
      const entity = own[0]!;
      const foreign = (await call(CONTRACTS.promiseList, { query: { pageIndex: 1, pageSize: 20 } })).list.find(
        (promise) => !own.some((mine) => mine.CreditCode === promise.CreditCode),
      )!;
      renderAppAt(`#${paths.promiseVoluntary}`);
      const code = await screen.findByRole('textbox', { name: '统一社会信用代码' }, SLOW);
      expect(screen.getByRole('textbox', { name: '承诺内容' })).toHaveValue(VOLUNTARY_PROMISE_TEXT);
      expect(screen.getByText('主动型')).toBeInTheDocument();
      expect(await screen.findByText('您还没有提交过信用承诺', {}, SLOW)).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: /提交承诺/ }));
      expect(await screen.findByText('请输入统一社会信用代码', {}, SLOW)).toBeInTheDocument();
      expect(screen.getByText('请输入承诺人姓名（至少2个字）')).toBeInTheDocument();
      expect(screen.getByText('请输入联系电话')).toBeInTheDocument();
      const mobile = screen.getByRole('textbox', { name: '联系电话' });
      await user.click(code);
      await user.paste('12345');
      await user.click(mobile);
      await user.paste('1234');
      await user.click(screen.getByRole('textbox', { name: '承诺人' }));
      expect(await screen.findByText('请输入18位统一社会信用代码', {}, SLOW)).toBeInTheDocument();
      expect(await screen.findByText('请输入正确的11位手机号码', {}, SLOW)).toBeInTheDocument();

      // Another's entity: the service refuses, and the page says why.
      await user.clear(code);
      await user.paste(foreign.CreditCode);
      await user.clear(mobile);
      await user.paste('13800001111');
      await user.click(screen.getByRole('textbox', { name: '承诺人' }));
      await user.paste('李四');
      await user.click(screen.getByRole('button', { name: /提交承诺/ }));
      expect(await screen.findByText(ACCOUNT_MESSAGES.promiseNotMine, {}, SLOW)).toBeInTheDocument();

      await user.clear(code);
      await user.paste(toFullWidth(entity.CreditCode));
      await user.click(screen.getByRole('button', { name: /提交承诺/ }));
      expect(await screen.findByText('承诺已提交，审核通过后公示', {}, SLOW)).toBeInTheDocument();
      const filed = (await screen.findByText(entity.EntName, { selector: 'strong' }, SLOW)).closest('li')!;
      expect(within(filed).getByText('待审核')).toBeInTheDocument();
      expect(within(filed).getByText(/主动型/)).toBeInTheDocument();
    } finally {
      clearLogin();
    }
  }, 120_000);
});
