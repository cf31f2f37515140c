import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNT_MESSAGES,
  CONTRACTS,
  PAGE_SIZE,
  PROMISE_FULFILMENT_FIELD_LABELS,
  VOLUNTARY_PROMISE_TEXT,
  type CreatePromiseRequest,
  type CreditPromise,
  type PromiseFulfilmentDetail,
  type PromiseFulfilmentRow,
} from '@credit-portal/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeLogin } from '@/lib/login-session';
import { detailsPath, paths, withQuery } from '@/lib/paths';
import { PUNISHMENTS, forgetLogin, pageOf } from './pages-support';
import { failure, fakeGateway, notFound, upstreamError } from '../../fake-gateway';
import { bearerOf, loginResult } from '../../fixtures';
import { addressQuery, findMain, findRetry, preloadPages, renderAppAt, setupUser } from '../../render-app';

/*
 * 信息公示's promises with the API client stubbed at its edge (test/fake-gateway.ts): the
 * kept-promise list's search (a credit code typed in full width), a fulfilment check and its
 * promise, a record that does not exist, paging past the end and a failed load; the voluntary
 * promise form and its login rule.
 */

// The pages' code, loaded once before the tests (render-app.tsx: preloadPages).
beforeAll(() =>
  preloadPages(
    paths.keptPromises,
    paths.fulfilmentDetail,
    paths.promiseDetail,
    paths.promiseVoluntary,
    paths.penaltyDetails,
    paths.doubleDisclosure,
    paths.scanLogin,
  ),
);

afterEach(forgetLogin);

/** A text as typed on a Chinese keyboard in full-width mode: full-width ASCII, lower case. */
const toFullWidth = (text: string) =>
  text.replace(/[!-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).toLowerCase();

const FULFILMENTS: PromiseFulfilmentRow[] = Array.from({ length: 23 }, (_, i) => ({
  id: String(3001 + i),
  EntName: `云州市守信企业${i + 1}有限公司`,
  CreditCode: `91520100MA6H1${String(i).padStart(4, '0')}X`,
  PromiseType: '主动型',
  PromiseDate: '2025-03-01',
  CheckedOn: '2026-03-01',
  Checker: '云州市发展和改革委员会',
}));

function fulfilmentDetail(row: PromiseFulfilmentRow): PromiseFulfilmentDetail {
  return {
    ...row,
    PromiseId: `P${row.id}`,
    Promiser: '王明',
    Content: VOLUNTARY_PROMISE_TEXT,
    Fulfilment: '承诺期内未发现违背承诺的行为',
    SourceUnit: '云州市发展和改革委员会',
    UpdateTime: '2026-03-02 09:00:00',
  };
}

const promiseOf = (check: PromiseFulfilmentDetail): CreditPromise => ({
  ID: check.PromiseId,
  EntName: check.EntName,
  CreditCode: check.CreditCode,
  PromiseType: check.PromiseType,
  Content: check.Content,
  Promiser: check.Promiser,
  PromiseDate: check.PromiseDate,
  Status: '已公示',
  SourceUnit: check.SourceUnit,
  UpdateTime: check.UpdateTime,
});

/** The kept-promise list, its checks and their promises; unknown ids are not found. */
function keptPromiseGateway() {
  const byId = (id: string | null) => FULFILMENTS.find((row) => row.id === id);
  return fakeGateway()
    .on(CONTRACTS.promiseFulfilmentList, (request) =>
      pageOf(FULFILMENTS, request, 'keyword', (row) => [row.EntName, row.CreditCode]),
    )
    .on(CONTRACTS.promiseFulfilmentDetail, ({ query }) => {
      const row = byId(query.get('id'));
      return row ? fulfilmentDetail(row) : notFound();
    })
    .on(CONTRACTS.promiseDetail, ({ query }) => {
      const row = byId(query.get('id')?.slice(1) ?? null);
      return row ? promiseOf(fulfilmentDetail(row)) : notFound();
    });
}

describe('information disclosure', () => {
  it('lists kept promises, searches a credit code typed in full width with the button, and lists all again', async () => {
    const gateway = keptPromiseGateway();
    const user = setupUser();
    const wanted = FULFILMENTS[PAGE_SIZE.publicity - 1]!;
    renderAppAt(`#${paths.keptPromises}`);
    const main = await findMain();
    await screen.findByText('践诺核查日期', { selector: 'th' });
    expect(await screen.findByText(`共 ${FULFILMENTS.length} 条`, { selector: 'p' })).toBeInTheDocument();
    expect(within(main.getByRole('table')).getAllByRole('row')).toHaveLength(PAGE_SIZE.publicity + 1);

    await user.type(screen.getByLabelText('主体名称或统一社会信用代码'), ` ${toFullWidth(wanted.CreditCode)} `);
    await user.click(main.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(addressQuery().get('keyword')).toBe(toFullWidth(wanted.CreditCode)));
    // Sent as typed (trimmed): the service normalizes it (keyword.ts, credit-lists.test.ts).
    expect(gateway.calls(CONTRACTS.promiseFulfilmentList.path).at(-1)!.query.get('keyword')).toBe(
      toFullWidth(wanted.CreditCode),
    );
    expect(await screen.findByText(/共找到 1 条/)).toBeInTheDocument();
    expect(screen.getByText(wanted.EntName, { selector: 'td' })).toBeInTheDocument();

    // Emptied and searched again: everything.
    await user.clear(screen.getByLabelText('主体名称或统一社会信用代码'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(addressQuery().get('keyword')).toBeNull());
    expect(await screen.findByText(`共 ${FULFILMENTS.length} 条`, { selector: 'p' })).toBeInTheDocument();
  });

  it('shows a fulfilment check with every labelled field and the way to its promise', async () => {
    const gateway = keptPromiseGateway();
    const user = setupUser();
    const check = fulfilmentDetail(FULFILMENTS[0]!);
    renderAppAt(`#${detailsPath(paths.fulfilmentDetail, check.id)}`);
    const main = await findMain();
    expect(await main.findByRole('heading', { level: 1, name: check.EntName })).toBeInTheDocument();
    expect(screen.getByText('信用履约公示', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText(/已践诺/)).toBeInTheDocument();
    for (const label of Object.values(PROMISE_FULFILMENT_FIELD_LABELS)) {
      expect(screen.getByText(label), label).toBeInTheDocument();
    }
    for (const value of [check.Checker, check.UpdateTime, check.Fulfilment, check.CheckedOn]) {
      expect(screen.getAllByText(value).length, value).toBeGreaterThan(0);
    }
    await user.click(main.getByRole('link', { name: '查看该信用承诺' }));
    expect(await screen.findByText('信用承诺', { selector: 'p' })).toBeInTheDocument();
    expect(addressQuery().get('id')).toBe(check.PromiseId);
    expect(gateway.calls(CONTRACTS.promiseDetail.path)[0]!.query.get('id')).toBe(check.PromiseId);
    for (const label of ['承诺内容', '数据来源单位', '更新时间']) expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('says a record does not exist, without 重试, and leads back to its list', async () => {
    const gateway = keptPromiseGateway()
      .on(CONTRACTS.punishDetail, () => notFound())
      .on(CONTRACTS.punishSearch, (request) =>
        pageOf(PUNISHMENTS, request, 'entNameOrPunishDocNo', (row) => [row.cF_WSH, row.cF_XDR_MC]),
      );
    const user = setupUser();
    for (const id of ['99999999', 'x'.repeat(80)]) {
      const { unmount } = renderAppAt(`#${detailsPath(paths.fulfilmentDetail, id)}`);
      const main = await findMain();
      expect(await screen.findByText('未找到该信息')).toBeInTheDocument();
      expect(main.queryByRole('button', { name: /重\s*试/ })).not.toBeInTheDocument();
      expect(main.getByRole('button', { name: '返回守信践诺公示' })).toBeInTheDocument();
      unmount();
    }
    // An id longer than any record's is not asked for.
    expect(gateway.calls(CONTRACTS.promiseFulfilmentDetail.path).map((call) => call.query.get('id'))).toEqual([
      '99999999',
    ]);
    renderAppAt(`#${withQuery(paths.penaltyDetails, { id: '99999999', title: '某公司' })}`);
    const main = await findMain();
    expect(await screen.findByText('未找到该信息')).toBeInTheDocument();
    expect(main.queryByRole('button', { name: /重\s*试/ })).not.toBeInTheDocument();
    await user.click(main.getByRole('button', { name: '返回行政处罚公示' }));
    await screen.findByText('处罚文书号', { selector: 'th' });
    expect(addressQuery().get('currentTab')).toBe('2');
  });

  it('moves a page past the last one to the last page, and ignores a page that is no number', async () => {
    keptPromiseGateway();
    const totalCount = FULFILMENTS.length;
    const last = Math.ceil(totalCount / PAGE_SIZE.publicity);
    const { unmount } = renderAppAt(`#${withQuery(paths.keptPromises, { page: 999 })}`);
    let main = await findMain();
    await waitFor(() => expect(addressQuery().get('page')).toBe(String(last)));
    expect(await screen.findByText(`共 ${totalCount} 条`, { selector: 'p' })).toBeInTheDocument();
    expect(main.getAllByRole('row').length).toBeGreaterThan(1);
    expect(screen.getByText(FULFILMENTS.at(-1)!.EntName, { selector: 'td' })).toBeInTheDocument();
    unmount();
    for (const page of ['-3', 'abc', '1e9']) {
      const view = renderAppAt(`#${withQuery(paths.keptPromises, { page })}`);
      main = await findMain();
      expect(await screen.findByText(`共 ${totalCount} 条`, { selector: 'p' }), page).toBeInTheDocument();
      expect(screen.getByText(FULFILMENTS[0]!.EntName, { selector: 'td' }), page).toBeInTheDocument();
      view.unmount();
    }
  });

  it('keeps a list usable after a failed load: the error in Chinese, then 重试 loads it', async () => {
    let failing = true;
    keptPromiseGateway().on(CONTRACTS.promiseFulfilmentList, (request) =>
      failing ? upstreamError() : pageOf(FULFILMENTS, request, 'keyword', (row) => [row.EntName, row.CreditCode]),
    );
    const user = setupUser();
    renderAppAt(`#${withQuery(paths.keptPromises, { keyword: '守信企业1' })}`);
    const main = await findMain();
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(main.getByRole('alert')).toHaveTextContent('服务暂时出现问题，请稍后再试');
    expect(screen.getByLabelText('主体名称或统一社会信用代码')).toBeEnabled();
    failing = false;
    await user.click(await findRetry(main.getByRole('alert')));
    await screen.findByText(/“守信企业1”共找到 \d+ 条/);
  });
  it('asks an anonymous visitor to log in before filing a voluntary promise', async () => {
    const gateway = fakeGateway();
    renderAppAt(`#${paths.promiseVoluntary}`);
    const main = await findMain();
    expect(await main.findByRole('heading', { name: '信用承诺自愿注册' })).toBeInTheDocument();
    expect(main.getByRole('link', { name: '实名登录' })).toHaveAttribute('href', `#${paths.scanLogin}`);
    expect(screen.queryByLabelText('统一社会信用代码')).not.toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.myPromises.path)).toEqual([]);
  });

  it('files a voluntary promise for a logged-in user, with Chinese messages for bad fields', async () => {
    const entity = { EntName: '云州市恒信科技有限公司', CreditCode: '91520100MA6H00001X' };
    // An entity the account may not act for: the service refuses.
    const foreign = '91350200MA2YJ1XR9G';
    const filed: CreditPromise[] = [];
    const gateway = fakeGateway()
      .on(CONTRACTS.myPromises, () => filed)
      .on(CONTRACTS.createPromise, ({ body }) => {
        const request = body as CreatePromiseRequest;
        if (request.CreditCode === foreign) return failure(403, 403, ACCOUNT_MESSAGES.promiseNotMine);
        const promise: CreditPromise = {
          ID: 'P9001',
          EntName: entity.EntName,
          CreditCode: request.CreditCode,
          PromiseType: request.PromiseType,
          Content: request.Content,
          Promiser: request.Promiser,
          PromiseDate: '2026-03-05',
          Status: '待审核',
          SourceUnit: '云州市发展和改革委员会',
          UpdateTime: '2026-03-05 10:00:00',
        };
        filed.push(promise);
        return promise;
      });
    const user = setupUser();
    storeLogin(loginResult('13912345679'));
    renderAppAt(`#${paths.promiseVoluntary}`);
    const main = await findMain();
    const code = await screen.findByLabelText('统一社会信用代码');
    expect(screen.getByLabelText('承诺内容')).toHaveValue(VOLUNTARY_PROMISE_TEXT);
    expect(screen.getByText('主动型')).toBeInTheDocument();
    expect(await screen.findByText('您还没有提交过信用承诺')).toBeInTheDocument();

    await user.click(main.getByRole('button', { name: /提交承诺/ }));
    expect(await screen.findByText('请输入统一社会信用代码')).toBeInTheDocument();
    expect(screen.getByText('请输入承诺人姓名（至少2个字）')).toBeInTheDocument();
    expect(screen.getByText('请输入联系电话')).toBeInTheDocument();
    const mobile = screen.getByLabelText('联系电话');
    await user.click(code);
    await user.paste('12345');
    await user.click(mobile);
    await user.paste('1234');
    await user.click(screen.getByLabelText('承诺人'));
    expect(await screen.findByText('请输入18位统一社会信用代码')).toBeInTheDocument();
    expect(await screen.findByText('请输入正确的11位手机号码')).toBeInTheDocument();
    // Nothing was sent while a field was wrong.
    expect(
      gateway.calls().filter((call) => call.method === 'POST' && call.path === CONTRACTS.createPromise.path),
    ).toEqual([]);

    await user.clear(code);
    await user.paste(foreign);
    await user.clear(mobile);
    await user.paste('13800001111');
    await user.click(screen.getByLabelText('承诺人'));
    await user.paste('李四');
    await user.click(main.getByRole('button', { name: /提交承诺/ }));
    // Another's entity: the page says why, and nothing is filed.
    expect(await screen.findByText(ACCOUNT_MESSAGES.promiseNotMine)).toBeInTheDocument();

    await user.clear(code);
    await user.paste(toFullWidth(entity.CreditCode));
    await user.click(main.getByRole('button', { name: /提交承诺/ }));
    expect(await screen.findByText('承诺已提交，审核通过后公示')).toBeInTheDocument();
    const [, sent] = gateway
      .calls()
      .filter((call) => call.method === 'POST' && call.path === CONTRACTS.createPromise.path);
    // The code typed in full width goes out normalized, with the fixed type and the user's token.
    expect(sent!.body).toEqual({
      CreditCode: entity.CreditCode,
      PromiseType: '主动型',
      Promiser: '李四',
      ContactMobile: '13800001111',
      Content: VOLUNTARY_PROMISE_TEXT,
    });
    expect(sent!.headers.get('authorization')).toBe(bearerOf('13912345679'));
    const mine = (await screen.findByText(entity.EntName, { selector: 'strong' })).closest('li')!;
    expect(within(mine).getByText('待审核')).toBeInTheDocument();
    expect(within(mine).getByText(/主动型/)).toBeInTheDocument();
  });
});
