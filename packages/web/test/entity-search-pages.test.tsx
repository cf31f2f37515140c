import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNT_MESSAGES,
  CONTRACTS,
  ERROR_CODES,
  ERROR_MESSAGES,
  MESSAGES,
  PAGE_SIZE,
  STORAGE_KEYS,
  creditCodeCheckChar,
  type EntityBaseInfo,
  type EntityDetailInfo,
  type EntitySearchResult,
  type LoginTicket,
  type LoginTicketState,
} from '@credit-portal/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeLogin } from '@/lib/login-session';
import { paths, withQuery } from '@/lib/paths';
import { failure, fakeGateway, upstreamError } from './fake-gateway';
import { bearerOf, loginResult } from './fixtures';
import { findMain, findRetry, preloadPages, renderAppAt, setupUser } from './render-app';
import { TEST_RUNTIME_CONFIG } from './test-providers';

/*
 * The entity search list and the entity details behind login, with the API client stubbed at its
 * edge (test/fake-gateway.ts): ten rows a page, the chips, a search by credit code (a wrong check
 * character searched all the same, with a hint), the inert in-page box, a failed search and its
 * retry; the details asking a visitor to log in by QR code and coming back once the phone
 * confirmed, an expired stored login, and a token the service refuses (the not-logged-in rule).
 * What the service finds and refuses: packages/credit-service/test/account.test.ts; the flow in
 * real Chromium with a phone: e2e/account.e2e.ts.
 */

beforeAll(() =>
  preloadPages(paths.searchList, paths.searchDetails, paths.scanLogin, paths.realNameTips, paths.personal),
);

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A search result (typed by the shared EntitySearchResult schema). */
function entity(n: number, over: Partial<EntitySearchResult> = {}): EntitySearchResult {
  return {
    ID: String(1000 + n),
    EntName: `云州市第${n}科技有限公司`,
    Status: '存续',
    CreditCode: `91520100MA6H${String(n).padStart(5, '0')}X`,
    EntType: '有限责任公司',
    SetUpDate: `2015-03-${String((n % 28) + 1).padStart(2, '0')}`,
    ...over,
  };
}

/** The search answers `list` for `keyword` and nothing for any other. */
function searchGateway(keyword: string, list: EntitySearchResult[]) {
  return fakeGateway().on(CONTRACTS.entitySearch, ({ body }) =>
    (body as { EntNameOrCreditCode: string }).EntNameOrCreditCode === keyword ? list : [],
  );
}

const searchBodies = (gateway: ReturnType<typeof fakeGateway>) =>
  gateway.calls(CONTRACTS.entitySearch.path).map((call) => call.body);

/** The page's main landmark and, once there, its list of results (role queries kept to the page's own content). */
async function findResults() {
  const main = await findMain();
  return { main, results: await main.findByRole('list', { name: '查询结果' }) };
}

/** The ids of the rows shown, in order. */
const shownIds = (main: Awaited<ReturnType<typeof findMain>>) =>
  within(main.getByRole('list', { name: '查询结果' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href')!.split('id=')[1]);

describe('the entity search list', () => {
  it('shows the results of a name keyword, ten per page, each row opening its details', async () => {
    const user = setupUser();
    const list = Array.from({ length: 23 }, (_, i) => entity(i + 1));
    const gateway = searchGateway('科技', list);
    renderAppAt(`#${withQuery(paths.searchList, { searchKey: '科技' })}`);
    const { main, results } = await findResults();
    const rows = within(results).getAllByRole('listitem');
    expect(rows).toHaveLength(PAGE_SIZE.entitySearch);
    const first = list[0]!;
    for (const text of [first.EntName, first.CreditCode, first.EntType, first.SetUpDate, first.Status]) {
      expect(rows[0]).toHaveTextContent(text);
    }
    expect(main.getByText(/共找到/)).toHaveTextContent('“科技”共找到 23 个信用主体');
    expect(searchBodies(gateway)).toEqual([{ EntNameOrCreditCode: '科技' }]);
    // Spec §4: the address drops the query on this route.
    expect(window.location.hash).toBe(`#${paths.searchList}`);

    await user.click(within(main.getByRole('navigation', { name: '分页' })).getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(within(results).getAllByRole('listitem')[0]).toHaveTextContent(list[10]!.EntName));
    expect(within(results).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      `#${withQuery(paths.searchDetails, { id: list[10]!.ID })}`,
    );
    // One answer serves every page: paging is done here.
    expect(searchBodies(gateway)).toHaveLength(1);
  });

  it('filters with the chips: union within a group, intersection across groups, all off → the full list', async () => {
    const user = setupUser();
    const shapes: [EntitySearchResult['Status'], string][] = [
      ['存续', '有限责任公司'],
      ['吊销', '个体工商户'],
      ['注销', '有限责任公司'],
      ['吊销', '有限责任公司'],
      ['存续', '个体工商户'],
      ['注销', '个体工商户'],
      ['其他', '有限责任公司'],
      ['吊销', '股份有限公司'],
      ['存续', '有限责任公司'],
      ['注销', '有限责任公司'],
      ['存续', '有限责任公司'],
      ['吊销', '有限责任公司'],
    ];
    const list = shapes.map(([Status, EntType], i) => entity(i + 1, { Status, EntType }));
    const ids = (...ns: number[]) => ns.map((n) => String(1000 + n));
    searchGateway('云州市', list);
    renderAppAt(`#${withQuery(paths.searchList, { searchKey: '云州市' })}`);
    const { main } = await findResults();
    const chips = within(main.getByRole('group', { name: '筛选条件' }));
    const chip = (name: string) => chips.getByRole('button', { name: new RegExp(`^${name}\\s*\\d+$`) });

    // Each chip shows how many results it covers.
    expect(chip('吊销')).toHaveTextContent('4');
    expect(chip('个体')).toHaveTextContent('3');
    expect(chip('非个体')).toHaveTextContent('9');

    await user.click(chip('吊销'));
    expect(chip('吊销')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(shownIds(main)).toEqual(ids(2, 4, 8, 12)));
    await user.click(chip('注销'));
    await waitFor(() => expect(shownIds(main)).toEqual(ids(2, 3, 4, 6, 8, 10, 12)));
    await user.click(chip('非个体'));
    await waitFor(() => expect(shownIds(main)).toEqual(ids(3, 4, 8, 10, 12)));
    await user.click(chip('吊销'));
    await user.click(chip('注销'));
    await user.click(chip('非个体'));
    expect(chip('非个体')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(shownIds(main)).toEqual(ids(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)));
  });

  it('finds an entity by its credit code, typed in lower case with full-width digits', async () => {
    const user = setupUser();
    const first17 = '91520100MA6H00001';
    const code = `${first17}${creditCodeCheckChar(first17)!}`;
    const found = entity(1, { CreditCode: code });
    const gateway = searchGateway(code, [found]);
    renderAppAt(`#${paths.searchList}`);
    // The header's box (found by its label: role queries over the whole page are slow in jsdom).
    const [box] = await screen.findAllByLabelText('信用主体查询', { selector: 'input' });
    const typed = code.toLowerCase().replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    await user.click(box!);
    await user.paste(typed);
    await user.keyboard('{Enter}');
    const { results } = await findResults();
    expect(within(results).getAllByRole('listitem')).toHaveLength(1);
    expect(results).toHaveTextContent(found.EntName);
    // Sent as the code it is: upper case, half-width.
    expect(searchBodies(gateway)).toEqual([{ EntNameOrCreditCode: code }]);
    expect(screen.queryByText(ACCOUNT_MESSAGES.checkDigitHint)).not.toBeInTheDocument();
  });

  it('still searches a code whose check character is wrong, with a gentle hint', async () => {
    const first17 = '91520100MA6H00002';
    const right = creditCodeCheckChar(first17)!;
    const code = `${first17}${right === 'A' ? 'B' : 'A'}`;
    // Real codes exist that fail the check: the register holds one here.
    const found = entity(2, { EntName: '云州市校验位测试贸易有限公司', CreditCode: code });
    const gateway = searchGateway(code, [found]);
    renderAppAt(`#${withQuery(paths.searchList, { searchKey: code })}`);
    expect(await screen.findByText(ACCOUNT_MESSAGES.checkDigitHint)).toBeInTheDocument();
    expect((await findResults()).results).toHaveTextContent(found.EntName);
    expect(searchBodies(gateway)).toEqual([{ EntNameOrCreditCode: code }]);
  });

  it('keeps the in-page search box inert, as the spec says', async () => {
    const user = setupUser();
    const gateway = searchGateway('科技', [entity(1)]);
    renderAppAt(`#${withQuery(paths.searchList, { searchKey: '科技' })}`);
    const { main } = await findResults();
    const inPage = within(main.getByRole('search', { name: '页内查询' }));
    const box = inPage.getByRole('textbox');
    await user.clear(box);
    await user.click(box);
    await user.paste('不会被查询');
    await user.keyboard('{Enter}');
    await user.click(inPage.getByRole('button', { name: /查\s*询/ }));
    expect(main.getByText(/共找到/)).toHaveTextContent('“科技”');
    expect(searchBodies(gateway)).toEqual([{ EntNameOrCreditCode: '科技' }]);
    expect(window.location.hash).toBe(`#${paths.searchList}`);
  });

  it('shows the message of a failed search as an error, and recovers on retry', async () => {
    const user = setupUser();
    let failing = true;
    fakeGateway().on(CONTRACTS.entitySearch, () => (failing ? upstreamError() : [entity(1)]));
    renderAppAt(`#${withQuery(paths.searchList, { searchKey: '失败测试' })}`);
    const main = await findMain();
    const alert = await main.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(ERROR_MESSAGES.upstream_error));
    await waitFor(() =>
      expect(document.querySelector('.ant-message-error')).toHaveTextContent(ERROR_MESSAGES.upstream_error),
    );
    failing = false;
    await user.click(await findRetry(alert));
    expect(await screen.findByText(/共找到/)).toHaveTextContent('“失败测试”共找到 1 个信用主体');
  });
});

const ENTITY: EntityBaseInfo = {
  ...entity(7, { EntName: '云州市恒信科技有限公司', CreditCode: '91520100MA6H000077' }),
  LegalRep: '王明',
  Address: '云州市东湖区信用路1号',
  District: '云州市东湖区',
  RegAuthority: '云州市市场监督管理局',
};

const DETAIL: EntityDetailInfo = {
  Licences: [
    {
      xzxkCode: 'XK-1',
      xzxkName: '食品经营许可',
      xkName: '食品经营许可证',
      type: '普通',
      xkCode: 'JY13502020012345',
      decisionDate: '2026-03-01',
      dateFrom: '2026-03-01',
      dateTo: '2031-02-28',
      content: '预包装食品销售',
      dept: '云州市市场监督管理局',
      deptCode: '11520100MB0000000X',
      sourceFrom: '云州市市场监督管理局',
      sourceCode: '11520100MB0000000X',
    },
  ],
  Penalties: [
    {
      id: '901',
      CF_WSH: '云市监罚〔2026〕3号',
      CF_CFLB: '罚款',
      CF_WFXW: '虚假宣传',
      CF_NR: '罚款五千元',
      CF_JDRQ: '2026-02-20',
      CF_CFJG: '云州市市场监督管理局',
      CF_GSJZQ: '2027-02-20',
      CF_ZT: '正常',
    },
  ],
  RedBlack: [],
  Promises: [],
};

/** The details of ENTITY, for the stored login's token only. */
function detailsGateway() {
  return fakeGateway()
    .on(CONTRACTS.entityBaseInfo, ({ query }) => (query.get('id') === ENTITY.ID ? ENTITY : failure(404, 404)))
    .on(CONTRACTS.entityDetailInfo, ({ query }) => (query.get('id') === ENTITY.ID ? DETAIL : failure(404, 404)));
}

const DETAILS = withQuery(paths.searchDetails, { id: ENTITY.ID });

/** A JWT-shaped token with the given claims (the browser only reads exp; the service verifies). */
const tokenWith = (claims: object): string =>
  ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', btoa(JSON.stringify(claims)).replace(/=+$/, ''), 'c2ln'].join('.');

describe('entity details and login', () => {
  it('sends a visitor to QR login and, once a phone confirms, back to the details', async () => {
    const phone = loginResult('13900000009');
    let state: LoginTicketState['Status'] = 'scanned';
    const expiresAt = new Date(Date.now() + 120_000).toISOString();
    const ticket: LoginTicket = { Ticket: 'T-1', PollToken: 'P-1', Status: 'pending', ExpiresAt: expiresAt };
    const gateway = detailsGateway()
      .on(CONTRACTS.loginTicketCreate, () => ticket)
      .on(CONTRACTS.loginTicketStatus, () => ({
        Status: state,
        ExpiresAt: expiresAt,
        Login: state === 'confirmed' ? phone : null,
      }));
    renderAppAt(`#${DETAILS}`);

    expect(await screen.findByText(MESSAGES.loginExpired)).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.scanLogin}`));
    expect(window.sessionStorage.getItem(STORAGE_KEYS.returnPath)).toBe(DETAILS);
    // Nothing of the details was asked for without a login.
    expect(gateway.calls(CONTRACTS.entityBaseInfo.path)).toEqual([]);

    // The QR code holds the address of the phone's confirmation page for the ticket.
    const link = await screen.findByTestId('scan-confirm-url');
    expect(new URL(link.getAttribute('href')!).hash).toBe(`#${withQuery(paths.scanConfirm, { ticket: 'T-1' })}`);
    expect(screen.getByTitle('扫码登录二维码')).toBeInTheDocument();

    // The phone opened it: the page says so, polling with the ticket and its poll token.
    expect(await screen.findByText('扫码成功，请在手机上确认登录')).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.loginTicketStatus.path)[0]!.body).toEqual({ Ticket: 'T-1', PollToken: 'P-1' });

    // The phone confirms: the next poll carries the login, and the page returns to the saved path.
    state = 'confirmed';
    await waitFor(() => expect(window.location.hash).toBe(`#${DETAILS}`));
    const main = await findMain();
    expect(await main.findByRole('heading', { level: 1, name: ENTITY.EntName })).toBeInTheDocument();
    // The tab says which company (issue 27, defect 10): 信用云州 - <name> - <section>.
    await waitFor(() => expect(document.title).toBe(`${TEST_RUNTIME_CONFIG.siteName} - ${ENTITY.EntName} - 主体详情`));
    expect(window.sessionStorage.getItem(STORAGE_KEYS.returnPath)).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userInfo)!)).toMatchObject({
      User: { Mobile: '13900000009' },
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.jwtToken)).toBe(phone.JwtToken);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.realAuthInfo)!)).toMatchObject({ LoginType: 'User' });

    // The details, asked for with the new login's token: registration information, licences, penalties.
    expect(await main.findByText(ENTITY.CreditCode)).toBeInTheDocument();
    expect(await main.findByRole('region', { name: /^行政许可/ })).toHaveTextContent('食品经营许可');
    const penalties = main.getByRole('region', { name: /^行政处罚/ });
    expect(penalties).toHaveTextContent(DETAIL.Penalties[0]!.CF_WSH);
    expect(penalties).not.toHaveTextContent('公示期内无行政处罚信息');
    for (const call of [
      ...gateway.calls(CONTRACTS.entityBaseInfo.path),
      ...gateway.calls(CONTRACTS.entityDetailInfo.path),
    ]) {
      expect(call.headers.get('authorization')).toBe(bearerOf('13900000009'));
    }

    // The header names the account; no address on the page carries the token.
    expect(screen.getAllByTitle('个人资料（原网站）')[0]).toHaveTextContent('139****0009');
    for (const element of document.querySelectorAll('[href]')) {
      expect(element.getAttribute('href')).not.toContain(phone.JwtToken);
    }
  });

  it('treats an expired stored login as none and forgets it', async () => {
    const gateway = detailsGateway();
    storeLogin(loginResult());
    window.localStorage.setItem(STORAGE_KEYS.jwtToken, tokenWith({ sub: 'user:1', exp: 1 }));
    renderAppAt(`#${DETAILS}`);
    expect(await screen.findByText(MESSAGES.loginExpired)).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.scanLogin}`));
    expect(window.localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.jwtToken)).toBeNull();
    expect(gateway.calls(CONTRACTS.entityBaseInfo.path)).toEqual([]);
  });

  it('applies the not-logged-in rule when the service refuses the token (spec §7), in the API client', async () => {
    storeLogin(loginResult());
    const gateway = fakeGateway()
      .on(CONTRACTS.entityBaseInfo, () => failure(401, ERROR_CODES.notLoggedIn))
      .on(CONTRACTS.entityDetailInfo, () => failure(401, ERROR_CODES.notLoggedIn));
    renderAppAt(`#${DETAILS}`);
    expect((await screen.findAllByText(MESSAGES.notRealNameLoggedIn)).length).toBeGreaterThan(0);
    await waitFor(() => expect(window.location.hash).toBe(`#${paths.realNameTips}`));
    expect(window.localStorage.getItem(STORAGE_KEYS.realAuthInfo)).toBeNull();
    expect(gateway.calls(CONTRACTS.entityBaseInfo.path)[0]!.headers.get('authorization')).toBe(bearerOf());
    // The tips page explains and offers the way back in.
    expect(await (await findMain()).findByRole('button', { name: /扫码登录/ })).toBeInTheDocument();
  });
});
