import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  STORAGE_KEYS,
  ABNORMAL_BUSINESS_FIELD_LABELS,
  CONTRACTS,
  LICENCE_FIELD_LABELS,
  PAGE_SIZE,
  PENALTY_FIELD_LABELS,
  PROMISE_FULFILMENT_FIELD_LABELS,
  PUBLICITY_NOTES,
  VOLUNTARY_PROMISE_TEXT,
  normalizeKeyword,
  type AbnormalBusinessRow,
  type BankruptcyDetail,
  type BankruptcyRow,
  type CreatePromiseRequest,
  type CreditPromise,
  type EntitySearchResult,
  type PermitSearchRow,
  type PromiseFulfilmentDetail,
  type PromiseFulfilmentRow,
  type PunishSearchRow,
  type RedBlackDetail,
  type RedBlackListItem,
} from '@credit-portal/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearLogin, storeLogin } from '@/lib/login-session';
import { detailsPath, paths, withQuery } from '@/lib/paths';
import { failure, fakeGateway, notFound, upstreamError, type FakeRequest } from './fake-gateway';
import { bearerOf, licenceDetail, loginResult, penaltyDetail } from './fixtures';
import { addressQuery, findMain, findRetry, preloadPages, renderAppAt, setupUser } from './render-app';

/*
 * 信息公示 with the API client stubbed at its edge (test/fake-gateway.ts): double disclosure's
 * tabs, search and paging in the address; the licence and penalty details with every field's
 * label and the notes of records no longer publicized; the lists' login rule, empty, failed
 * and past-the-end states; a record that does not exist; the voluntary promise form. What the
 * service publishes and masks is tested against it (packages/credit-service/test/
 * credit-lists.test.ts, disclosure.test.ts); every list in real Chromium: e2e/disclosure.e2e.ts.
 */

// The pages' code, loaded once before the tests (render-app.tsx: preloadPages).
beforeAll(() =>
  preloadPages(
    paths.disclosure,
    paths.doubleDisclosure,
    paths.licenceDetails,
    paths.penaltyDetails,
    paths.bankruptcyList,
    paths.bankruptcyDetails,
    paths.abnormalBusiness,
    paths.nontaxList,
    paths.scanLogin,
    paths.hetaoSearch,
    paths.redBlackDetails,
    paths.keptPromises,
    paths.fulfilmentDetail,
    paths.promiseDetail,
    paths.promiseVoluntary,
  ),
);

afterEach(() => {
  clearLogin();
  vi.unstubAllGlobals();
});

/** A text as typed on a Chinese keyboard in full-width mode: full-width ASCII, lower case. */
const toFullWidth = (text: string) =>
  text.replace(/[!-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).toLowerCase();

/** One page of rows as the list calls answer it, searched by `keyword` as the service does (normalized). */
function pageOf<Row>(rows: readonly Row[], request: FakeRequest, keywordParam: string, fields: (row: Row) => string[]) {
  const keyword = normalizeKeyword(request.query.get(keywordParam));
  const found = rows.filter((row) => !keyword || fields(row).some((field) => field.includes(keyword)));
  const size = Number(request.query.get('pageSize') ?? PAGE_SIZE.publicity);
  const start = (Number(request.query.get('pageIndex') ?? 1) - 1) * size;
  return { list: found.slice(start, start + size), totalCount: found.length };
}

const PERMITS: PermitSearchRow[] = Array.from({ length: 23 }, (_, i) => ({
  id: String(701 + i),
  xK_WSH: `云市监许〔2026〕${i + 1}号`,
  xK_XDR_MC: `云州市第${i + 1}科技有限公司`,
  xK_JDRQ: '2026-03-01',
  xK_XKJG: '云州市市场监督管理局',
}));
const PUNISHMENTS: PunishSearchRow[] = Array.from({ length: 15 }, (_, i) => ({
  id: String(901 + i),
  cF_WSH: `云市监罚〔2026〕${i + 1}号`,
  cF_XDR_MC: `云州市第${i + 1}餐饮店`,
  cF_JDRQ: '2026-02-20',
  cF_CFJG: '云州市市场监督管理局',
  cF_ZT: '正常',
}));

function doubleDisclosureGateway() {
  return fakeGateway()
    .on(CONTRACTS.permitSearch, (request) =>
      pageOf(PERMITS, request, 'entNameOrLicenseDocNo', (row) => [row.xK_WSH, row.xK_XDR_MC]),
    )
    .on(CONTRACTS.punishSearch, (request) =>
      pageOf(PUNISHMENTS, request, 'entNameOrPunishDocNo', (row) => [row.cF_WSH, row.cF_XDR_MC]),
    );
}

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
  it('switches the double-disclosure tabs, searches and pages, all in the address', async () => {
    const gateway = doubleDisclosureGateway();
    const user = setupUser();
    renderAppAt(`#${withQuery(paths.doubleDisclosure, { currentTab: 1 })}`);
    const main = await findMain();
    await screen.findByText('许可文书号', { selector: 'th' });
    const first = PERMITS[0]!;
    expect(await screen.findByText(first.xK_WSH, { selector: 'td' })).toBeInTheDocument();

    // Search by document number: that one licence.
    const box = screen.getByPlaceholderText(/许可文书号/);
    await user.click(box);
    await user.paste(first.xK_WSH);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(addressQuery().get('keyword')).toBe(first.xK_WSH));
    await waitFor(() => expect(within(main.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(addressQuery().get('currentTab')).toBe('1');
    expect(gateway.calls(CONTRACTS.permitSearch.path).at(-1)!.query.get('entNameOrLicenseDocNo')).toBe(first.xK_WSH);

    // The penalty tab: its own columns, the tab in the address.
    await user.click(main.getByRole('tab', { name: '行政处罚' }));
    await screen.findByText('处罚文书号', { selector: 'th' });
    expect(addressQuery().get('currentTab')).toBe('2');

    // Paging keeps the tab.
    const pager = await main.findByRole('navigation', { name: '分页' });
    await user.click(within(pager).getByTitle('2'));
    await waitFor(() => expect(addressQuery().get('page')).toBe('2'));
    expect(addressQuery().get('currentTab')).toBe('2');
    expect(await screen.findByText('11', { selector: 'td' })).toBeInTheDocument();
    expect(screen.getByText(PUNISHMENTS[10]!.cF_WSH, { selector: 'td' })).toBeInTheDocument();
  });

  it('shows every field of a licence and of a penalty with its Chinese label', async () => {
    const licence = licenceDetail();
    const penalty = penaltyDetail();
    fakeGateway()
      .on(CONTRACTS.permitDetail, () => licence)
      .on(CONTRACTS.punishDetail, () => penalty);
    const { unmount } = renderAppAt(`#${detailsPath(paths.licenceDetails, licence.id)}`);
    await screen.findByText('行政许可公示信息');
    for (const [field, label] of Object.entries(LICENCE_FIELD_LABELS)) {
      expect((licence as Record<string, unknown>)[field], field).toBeDefined();
      expect(screen.getByText(label), field).toBeInTheDocument();
    }
    unmount();

    renderAppAt(`#${detailsPath(paths.penaltyDetails, penalty.id)}`);
    await screen.findByText('行政处罚公示信息');
    for (const [field, label] of Object.entries(PENALTY_FIELD_LABELS)) {
      expect((penalty as Record<string, unknown>)[field], field).toBeDefined();
      expect(screen.getByText(label), field).toBeInTheDocument();
    }
    expect(screen.getAllByText(/（万元）/).length).toBeGreaterThan(0);
  });

  it('says why a penalty is no longer publicized, finds none for its number, and shows a person’s ID number masked', async () => {
    const expired = penaltyDetail({
      id: '951',
      CF_WSH: '云市监罚〔2023〕9号',
      publicized: false,
      publicityNote: PUBLICITY_NOTES.expired,
    });
    const minor = penaltyDetail({
      id: '952',
      severity: '轻微',
      publicized: false,
      publicityNote: PUBLICITY_NOTES.minor,
    });
    const repaired = penaltyDetail({
      id: '953',
      CF_ZT: '已修复',
      publicized: false,
      publicityNote: PUBLICITY_NOTES.repaired,
    });
    // The service masks a natural person's ID number (credit-lists.test.ts); the page shows it as sent.
    const person = penaltyDetail({
      id: '954',
      CF_XDR_LB: '自然人',
      CF_XDR_MC: '张三',
      CF_XDR_ZJLX: '身份证',
      CF_XDR_ZJHM: '520102******0240',
    });
    const details = [expired, minor, repaired, person];
    const gateway = fakeGateway()
      .on(CONTRACTS.punishDetail, ({ query }) => details.find((detail) => detail.id === query.get('id')) ?? notFound())
      // The search never finds a penalty out of publicity (the service's rule).
      .on(CONTRACTS.punishSearch, () => ({ list: [], totalCount: 0 }));

    for (const penalty of [expired, minor, repaired]) {
      const { unmount } = renderAppAt(
        `#${withQuery(paths.penaltyDetails, { id: penalty.id, title: penalty.CF_XDR_MC })}`,
      );
      expect(await screen.findByText(penalty.publicityNote!)).toBeInTheDocument();
      if (penalty === repaired) expect(screen.getByText('已修复')).toBeInTheDocument();
      unmount();
    }
    // Searched by its document number, the expired one is not in the penalty tab.
    const { unmount } = renderAppAt(
      `#${withQuery(paths.doubleDisclosure, { currentTab: 2, keyword: expired.CF_WSH })}`,
    );
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByText(expired.CF_WSH, { selector: 'td' })).not.toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.punishSearch.path).at(-1)!.query.get('entNameOrPunishDocNo')).toBe(expired.CF_WSH);
    unmount();

    // A natural person: the ID number masked on the detail page.
    renderAppAt(`#${detailsPath(paths.penaltyDetails, person.id)}`);
    await screen.findByText('证件号码');
    expect(screen.getByText('520102******0240')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\d{17}[\dX]/);
  });

  it('lists personal bankruptcies with masked ID numbers, and opens a case', async () => {
    const row: BankruptcyRow = {
      id: '501',
      CaseNo: '（2026）云01破申1号',
      DebtorName: '李四',
      IdNumber: '520102******123X',
      CaseType: '个人破产重整',
      Court: '云州市中级人民法院',
      AcceptedOn: '2026-01-10',
      Status: '审理中',
      UpdateTime: '2026-01-11 09:00:00',
    };
    const detail: BankruptcyDetail = {
      ...row,
      Administrator: '云州市某律师事务所',
      AdministratorPhone: '0851-88886666',
      AppointedOn: '2026-01-12',
      ClaimDeadline: '2026-03-12',
      CreditorMeetingOn: '2026-03-20',
      Liabilities: '120.5',
      Announcement: '请债权人于申报期限内申报债权。',
      SourceUnit: '云州市中级人民法院',
    };
    fakeGateway()
      .on(CONTRACTS.bankruptcyList, () => ({ list: [row], totalCount: 1 }))
      .on(CONTRACTS.bankruptcyDetail, ({ query }) => (query.get('id') === detail.id ? detail : notFound()));
    const user = setupUser();
    renderAppAt(`#${paths.bankruptcyList}`);
    const main = await findMain();
    await screen.findByText('案号', { selector: 'th' });
    const link = (await main.findAllByRole('link', { name: /^查看详情：/ }))[0]!;
    await user.click(link);
    expect(await screen.findByText('个人破产信息', { selector: 'p' })).toBeInTheDocument();
    const idNumber = screen.getByText('证件号码').closest('tr')!;
    expect(idNumber.textContent).toMatch(/\d{6}\*{6}[\dX]{4}/);
    expect(idNumber.textContent).not.toMatch(/\d{18}|\d{17}X/);
  });

  it('shows every field of an abnormal-business listing behind 全部信息 on a list without details', async () => {
    const listing: AbnormalBusinessRow = {
      id: '601',
      SubjectType: '法人及非法人组织',
      EntName: '云州市某贸易有限公司',
      CreditCode: '91520100MA6H000009',
      LegalRep: '周七',
      Reason: '通过登记的住所或者经营场所无法联系',
      DocNo: '云市监异〔2026〕5号',
      DecisionOrg: '云州市市场监督管理局',
      ListedOn: '2026-02-01',
      SourceUnit: '云州市市场监督管理局',
      UpdateTime: '2026-02-02 09:00:00',
    };
    fakeGateway().on(CONTRACTS.abnormalBusiness, () => ({ list: [listing], totalCount: 1 }));
    const user = setupUser();
    renderAppAt(`#${paths.abnormalBusiness}`);
    const main = await findMain();
    await screen.findByText('列入原因', { selector: 'th' });
    expect(main.queryByRole('link', { name: /^查看详情：/ })).not.toBeInTheDocument();
    const expand = (await main.findAllByRole('button', { name: /展开/ }))[0]!;
    await user.click(expand);
    expect(await screen.findByText(ABNORMAL_BUSINESS_FIELD_LABELS.Reason)).toBeInTheDocument();
    expect(screen.getByText('数据来源单位')).toBeInTheDocument();
    expect(screen.getByText(listing.DocNo)).toBeInTheDocument();
  });

  it('tells whether an enterprise is in the Hetao credit list, with its labels', async () => {
    const member: EntitySearchResult = {
      ID: '1201',
      EntName: '深圳河套某科技有限公司',
      Status: '存续',
      CreditCode: '91440300MA5H000001',
      EntType: '有限责任公司',
      SetUpDate: '2020-05-01',
    };
    const labels = ['港澳投资', '科技创新'];
    const gateway = fakeGateway()
      .on(CONTRACTS.entitySearch, () => [member])
      .on(CONTRACTS.hetaoCheck, () => ({ isXyht: true }))
      .on(CONTRACTS.hetaoLabels, () => ({ labels }));
    renderAppAt(`#${withQuery(paths.hetaoSearch, { keyword: member.CreditCode })}`);
    expect(await screen.findByText(member.EntName)).toBeInTheDocument();
    expect(await screen.findByText('信用河套企业')).toBeInTheDocument();
    for (const label of labels) expect(screen.getByText(label)).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.entitySearch.path)[0]!.body).toEqual({ EntNameOrCreditCode: member.CreditCode });
    expect(gateway.calls(CONTRACTS.hetaoCheck.path)[0]!.query.get('id')).toBe(member.ID);
  });

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

  it('asks a visitor who never logged in with the one login prompt, and says 登录失效 only to a login that ran out', async () => {
    const gateway = fakeGateway();
    const view = renderAppAt(`#${paths.nontaxList}`);
    const main = await findMain();
    // Defect 3: the same prompt as 红黑名单 and 信用承诺自愿注册, in the page, and what 实名登录 means.
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
