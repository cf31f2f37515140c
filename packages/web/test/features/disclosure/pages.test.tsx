import { screen, waitFor, within } from '@testing-library/react';
import {
  ABNORMAL_BUSINESS_FIELD_LABELS,
  CONTRACTS,
  LICENCE_FIELD_LABELS,
  PENALTY_FIELD_LABELS,
  PUBLICITY_NOTES,
  type AbnormalBusinessRow,
  type BankruptcyDetail,
  type BankruptcyRow,
  type EntitySearchResult,
  type PermitSearchRow,
} from '@credit-portal/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { detailsPath, paths, withQuery } from '@/lib/paths';
import { PUNISHMENTS, forgetLogin, pageOf } from './pages-support';
import { fakeGateway, notFound } from '../../fake-gateway';
import { licenceDetail, penaltyDetail } from '../../fixtures';
import { addressQuery, findMain, preloadPages, renderAppAt, setupUser } from '../../render-app';

/*
 * 信息公示's publications with the API client stubbed at its edge (test/fake-gateway.ts): double
 * disclosure's tabs, search and paging in the address; the licence and penalty details with every
 * field's label and the notes of records no longer publicized; personal bankruptcies, abnormal
 * business and the Hetao credit list. The lists behind a login: disclosure-pages-login.test.tsx;
 * the promises: disclosure-pages-promises.test.tsx. What the service publishes and masks is tested
 * against it (packages/credit-service/test/routes/credit-lists/credit-lists.test.ts, disclosure.test.ts); every list
 * in real Chromium: e2e/disclosure.e2e.ts.
 */

// The pages' code, loaded once before the tests (render-app.tsx: preloadPages).
beforeAll(() =>
  preloadPages(
    paths.doubleDisclosure,
    paths.licenceDetails,
    paths.penaltyDetails,
    paths.bankruptcyList,
    paths.bankruptcyDetails,
    paths.abnormalBusiness,
    paths.hetaoSearch,
  ).then(() => import('@/features/disclosure/components/double-disclosure-tabs')),
);

afterEach(forgetLogin);

const PERMITS: PermitSearchRow[] = Array.from({ length: 23 }, (_, i) => ({
  id: String(701 + i),
  xK_WSH: `云市监许〔2026〕${i + 1}号`,
  xK_XDR_MC: `云州市第${i + 1}科技有限公司`,
  xK_JDRQ: '2026-03-01',
  xK_XKJG: '云州市市场监督管理局',
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
});
