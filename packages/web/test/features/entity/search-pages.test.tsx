import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNT_MESSAGES,
  CONTRACTS,
  ERROR_CODES,
  ERROR_MESSAGES,
  MESSAGES,
  STORAGE_KEYS,
  creditCodeCheckChar,
  type EntityBaseInfo,
  type EntityDetailInfo,
  type EntitySearchResult,
} from '@credit-portal/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchEntityDetails } from '@/features/entity/api/prefetch-entity-details';
import { storeLogin } from '@/lib/login-session';
import { paths, withQuery } from '@/lib/paths';
import { failure, fakeGateway, upstreamError } from '../../fake-gateway';
import { bearerOf, loginResult } from '../../fixtures';
import { findMain, findRetry, preloadPages, renderAppAt, setupUser } from '../../render-app';

/*
 * The entity search list and the entity details behind login, with the API client stubbed at its
 * edge (test/fake-gateway.ts): the chips, a search by credit code (a wrong check character
 * searched all the same, with a hint), the inert in-page box, a failed search and its retry; an
 * expired stored login, and a token the service refuses (the not-logged-in rule); the forgiving
 * search's marks, labels and 您是不是要找 (at the end). The search walked
 * from the header (ten rows a page, paged from one answer, a row opening its details) and the
 * details asking a visitor to log in by QR code and coming back once the phone confirmed are
 * walked once, in real Chromium with a phone: e2e/account.e2e.ts. What the service finds and
 * refuses: packages/credit-service/test/account.test.ts.
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
  PublicLists: [
    {
      Key: 'abnormal',
      Label: '经营异常名录',
      Source: '云州市市场监督管理局',
      Adverse: true,
      Entries: [
        {
          id: '49',
          Matter: '通过登记的住所或者经营场所无法联系',
          DocNo: '青市监异常〔2026〕586号',
          Authority: '云州市青屿区市场监督管理局',
          ListedOn: '2026-11-13',
          ValidUntil: '',
          State: '列入中',
          InForce: true,
        },
      ],
    },
    { Key: 'majorTax', Label: '重大税收违法失信主体', Source: '国家税务总局云州市税务局', Adverse: true, Entries: [] },
    {
      Key: 'wageArrears',
      Label: '拖欠农民工工资失信联合惩戒对象名单',
      Source: '云州市人力资源和社会保障局',
      Adverse: true,
      Entries: [],
    },
    {
      Key: 'hetao',
      Label: '信用河套企业名录',
      Source: '深港科技创新合作区深圳园区发展署',
      Adverse: false,
      Entries: [],
    },
  ],
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

describe("entity details' early requests", () => {
  it('start when the app opens at a company with a valid login, and the page takes their answers', async () => {
    const gateway = detailsGateway();
    storeLogin(loginResult());
    window.history.replaceState(null, '', `/#${DETAILS}`);
    prefetchEntityDetails();
    await waitFor(() => expect(gateway.calls(CONTRACTS.entityDetailInfo.path)).toHaveLength(1));
    expect(gateway.calls(CONTRACTS.entityBaseInfo.path)[0]!.headers.get('authorization')).toBe(bearerOf());
    renderAppAt(`#${DETAILS}`);
    expect(await (await findMain()).findByRole('heading', { level: 1, name: ENTITY.EntName })).toBeInTheDocument();
    // One request each: the page asked for nothing the early ones had not.
    expect(gateway.calls(CONTRACTS.entityBaseInfo.path)).toHaveLength(1);
    expect(gateway.calls(CONTRACTS.entityDetailInfo.path)).toHaveLength(1);
  });

  it('go for no visitor, no expired login and no address without a company', async () => {
    const gateway = detailsGateway();
    window.history.replaceState(null, '', `/#${DETAILS}`);
    prefetchEntityDetails();
    storeLogin(loginResult());
    window.localStorage.setItem(STORAGE_KEYS.jwtToken, tokenWith({ sub: 'user:1', exp: 1 }));
    prefetchEntityDetails();
    storeLogin(loginResult());
    window.history.replaceState(null, '', `/#${paths.searchDetails}?id=%20`);
    prefetchEntityDetails();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gateway.calls(CONTRACTS.entityBaseInfo.path)).toEqual([]);
    expect(gateway.calls(CONTRACTS.entityDetailInfo.path)).toEqual([]);
  });
});

describe("entity details' public lists", () => {
  it('shows each list the company is on with its record, publisher, date and state, and names the others', async () => {
    detailsGateway();
    storeLogin(loginResult());
    renderAppAt(`#${DETAILS}`);
    const main = await findMain();
    const section = await main.findByRole('region', { name: /公示名单/ });
    const records = within(within(section).getByRole('list', { name: '列入的公示名单' })).getAllByRole('listitem');
    expect(records).toHaveLength(1);
    const record = records[0]!;
    for (const text of [
      '经营异常名录',
      '列入中',
      '通过登记的住所或者经营场所无法联系',
      '青市监异常〔2026〕586号',
      '云州市青屿区市场监督管理局',
      '2026-11-13',
      '云州市市场监督管理局',
    ]) {
      expect(within(record).getByText(text)).toBeInTheDocument();
    }
    // A list without an end date shows none.
    expect(within(record).queryByText('有效期至')).toBeNull();
    expect(
      within(section).getByText('未列入：重大税收违法失信主体、拖欠农民工工资失信联合惩戒对象名单、信用河套企业名录。'),
    ).toBeInTheDocument();
    // The red and black lists keep their own section and words.
    expect(main.getByText('该主体当前未被列入红名单或黑名单。')).toBeInTheDocument();
  });
});

describe('entity details and login', () => {
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

/*
 * The forgiving search on the list page: what the service marks is marked, how a row
 * matched is labelled, and 您是不是要找 appears when only near matches came back, and searches the
 * suggestion. What the service finds: packages/credit-service/test/plugins/entity-search/entity-search.test.ts.
 */

/** A search result with a name (the forgiving search's rows). */
function namedEntity(n: number, name: string, over: Partial<EntitySearchResult> = {}): EntitySearchResult {
  return {
    ID: String(2000 + n),
    EntName: name,
    Status: '存续',
    CreditCode: `91350208MA0QY${String(n).padStart(4, '0')}X`,
    EntType: '有限责任公司',
    SetUpDate: '2021-03-01',
    ...over,
  };
}

const JIATIAN = '云州市北岭区佳天科技有限公司';

function forgivingGateway(answers: Record<string, EntitySearchResult[]>) {
  return fakeGateway().on(
    CONTRACTS.entitySearch,
    ({ body }) => answers[(body as { EntNameOrCreditCode: string }).EntNameOrCreditCode] ?? [],
  );
}

const marks = (row: HTMLElement) => Array.from(row.querySelectorAll('mark'), (m) => m.textContent);

describe('a search that forgives', () => {
  it('suggests the near match when nothing matched as typed, and searches it on a click', async () => {
    const user = setupUser();
    const near = namedEntity(1, JIATIAN, { Match: 'fuzzy', Highlights: ['佳天科技'] });
    const exact = namedEntity(1, JIATIAN, { Match: 'name', Highlights: ['佳天科技'] });
    const fake = forgivingGateway({ 佳天科枝: [near], 佳天科技: [exact] });
    renderAppAt(`#${withQuery(paths.searchList, { searchKey: '佳天科枝' })}`);
    const main = await findMain();
    const suggestion = await main.findByText(/您是不是要找/);
    expect(suggestion).toHaveTextContent('您是不是要找：佳天科技');
    const row = within(main.getByRole('list', { name: '查询结果' })).getAllByRole('listitem')[0]!;
    expect(row).toHaveTextContent('相近名称');
    expect(marks(row)).toEqual(['佳天科技']);

    await user.click(within(suggestion).getByRole('link', { name: '佳天科技' }));
    await screen.findByText('“佳天科技”共找到', { exact: false });
    expect(main.queryByText(/您是不是要找/)).toBeNull();
    expect(fake.calls(CONTRACTS.entitySearch.path).map((c) => c.body)).toEqual([
      { EntNameOrCreditCode: '佳天科枝' },
      { EntNameOrCreditCode: '佳天科技' },
    ]);
  });

  const cases: [string, Partial<EntitySearchResult>, string | null, string[]][] = [
    ['北岭 佳天', { Match: 'name', Highlights: ['北岭', '佳天'] }, null, ['北岭', '佳天']],
    ['jtkj', { Match: 'pinyin', Highlights: ['佳天科技'] }, '拼音匹配', ['佳天科技']],
    ['覃斌红', { Match: 'legalRep' }, '法定代表人匹配', []],
  ];
  it.each(cases)('shows what %s matched: the marks and the label', async (keyword, match, label, marked) => {
    forgivingGateway({ [keyword]: [namedEntity(1, JIATIAN, match)] });
    renderAppAt(`#${withQuery(paths.searchList, { searchKey: keyword })}`);
    const main = await findMain();
    const row = within(await main.findByRole('list', { name: '查询结果' })).getAllByRole('listitem')[0]!;
    expect(marks(row)).toEqual(marked);
    for (const text of ['拼音匹配', '法定代表人匹配', '相近名称']) {
      if (text === label) expect(row).toHaveTextContent(text);
      else expect(row).not.toHaveTextContent(text);
    }
    expect(main.queryByText(/您是不是要找/)).toBeNull();
  });

  it('marks the keyword itself when the service says nothing of what matched (an older service)', async () => {
    forgivingGateway({ 科技: [namedEntity(1, JIATIAN)] });
    renderAppAt(`#${withQuery(paths.searchList, { searchKey: '科技' })}`);
    const main = await findMain();
    const row = within(await main.findByRole('list', { name: '查询结果' })).getAllByRole('listitem')[0]!;
    expect(marks(row)).toEqual(['科技']);
    expect(main.queryByText(/您是不是要找/)).toBeNull();
  });
});
