import { screen, waitFor, within } from '@testing-library/react';
import {
  CONTRACTS,
  REPORT_STATUS_NOTES,
  SERVICE_MESSAGES,
  type ReportStatus,
  type ReportStatusOutcome,
  type ReportVerification,
} from '@credit-portal/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths, withQuery } from '@/lib/paths';
import { failure, fakeGateway, FakeReply } from '../../fake-gateway';
import { addressQuery, findMain, preloadPages, renderAppAt, setupUser } from '../../render-app';

/*
 * The verify page's report status, with the API client stubbed at its edge (test/fake-gateway.ts):
 * shown under a verified report — 有效, 已有更新 with each change's kind and day, 无法确定 for a
 * report issued before its coverage was kept — while loading, on failure (and asked again), and not
 * at all for a wrong code; the QR code's link fills in the number only, and an old link's code
 * leaves the address.
 */

beforeAll(() => preloadPages(paths.reportVerify));
afterEach(() => vi.unstubAllGlobals());

const CODE = 'K7Q2M9X4';

const VERIFIED: ReportVerification = {
  ReportNo: 'XYBG20260305000001',
  ReportType: 'enterprise',
  ReportTypeLabel: '企业信用报告',
  EntName: '云州市远航贸易有限公司',
  CreditCode: '91520100MA6H00002Y',
  PeriodFrom: '2025-03-06',
  PeriodTo: '2026-03-05',
  GeneratedAt: '2026-03-05 10:00:00',
  Findings: { licences: 2, penalties: 1, repairedPenalties: 0, redLists: 0, blackLists: 0, promises: 1 },
  Summary: ['行政许可 2 条', '行政处罚 1 条'],
  ContentDigest: 'a'.repeat(64),
  PdfSha256: 'b'.repeat(64),
  SignatureAlgorithm: 'SM2-with-SM3',
  KeyId: 'd'.repeat(64),
  FileChecked: false,
};

const STATUS: ReportStatus = {
  ReportNo: VERIFIED.ReportNo,
  ReportTypeLabel: VERIFIED.ReportTypeLabel,
  EntName: VERIFIED.EntName,
  GeneratedAt: VERIFIED.GeneratedAt,
  State: 'current',
  StateLabel: '有效',
  Basis: 'coverage',
  Note: REPORT_STATUS_NOTES.current,
  CheckedAt: '2026-12-05 16:42:07',
  Changes: [],
};

const UPDATED: ReportStatus = {
  ...STATUS,
  State: 'updated',
  StateLabel: '已有更新',
  Note: REPORT_STATUS_NOTES.updated,
  Changes: [
    { Kind: 'penaltyRepaired', KindLabel: '行政处罚已信用修复', Date: '2026-11-20', Count: 1 },
    { Kind: 'penaltyPublished', KindLabel: '新公示行政处罚', Date: '2026-12-01', Count: 2 },
    { Kind: 'penaltyWithdrawn', KindLabel: '行政处罚已撤下公示', Date: null, Count: 1 },
  ],
};

/** The gateway: the report verifies with CODE; its status is `status` (an answer, or a reply such as a failure). */
function gateway(status: () => ReportStatus | FakeReply) {
  const matches = (query: URLSearchParams) => query.get('reportNo') === VERIFIED.ReportNo && query.get('code') === CODE;
  return fakeGateway()
    .on(CONTRACTS.reportVerify, ({ query }) =>
      matches(query)
        ? { Verified: true, Message: '', Report: VERIFIED }
        : { Verified: false, Message: SERVICE_MESSAGES.reportNotVerified, Report: null },
    )
    .on(CONTRACTS.reportStatus, ({ query }): ReportStatusOutcome | FakeReply => {
      if (!matches(query)) return { Verified: false, Message: SERVICE_MESSAGES.reportNotVerified, Status: null };
      const answer = status();
      return answer instanceof FakeReply ? answer : { Verified: true, Message: '', Status: answer };
    });
}

/** Opens the QR code's link, types the code and checks. */
async function checkWithCode(code = CODE) {
  const user = setupUser();
  renderAppAt(`#${withQuery(paths.reportVerify, { no: VERIFIED.ReportNo })}`);
  const main = await findMain();
  expect(await main.findByLabelText('报告编号')).toHaveValue(VERIFIED.ReportNo);
  const codeField = main.getByLabelText('验证码');
  expect(codeField).toHaveValue('');
  await user.click(codeField);
  await user.paste(code);
  // The keyboard's way: Enter in the field sends the form.
  await user.keyboard('{Enter}');
  return { main, user };
}

/** The status's section (its heading stays while its content changes). */
const statusSection = async () => (await screen.findByRole('heading', { name: /报告当前状态/ })).closest('section')!;

describe('report status on the verify page', () => {
  it('shows 有效 under the verified report, and the code never enters the address', async () => {
    const fake = gateway(() => STATUS);
    await checkWithCode();
    expect(await screen.findByText('报告真实有效')).toBeInTheDocument();
    const section = await statusSection();
    expect(await within(section).findByText('有效')).toBeInTheDocument();
    expect(within(section).getByText(REPORT_STATUS_NOTES.current)).toBeInTheDocument();
    expect(within(section).getByText('报告出具后无变化。')).toBeInTheDocument();
    expect(within(section).getByText(/状态查询时间：2026-12-05 16:42:07（北京时间）/)).toBeInTheDocument();
    expect(Object.fromEntries(fake.calls(CONTRACTS.reportStatus.path)[0]!.query)).toEqual({
      reportNo: VERIFIED.ReportNo,
      code: CODE,
    });
    expect(addressQuery().get('no')).toBe(VERIFIED.ReportNo);
    expect(window.location.href).not.toContain(CODE);
  });

  it('lists each change since issue by kind, day and count — an unknown day said so', async () => {
    gateway(() => UPDATED);
    await checkWithCode();
    const section = await statusSection();
    expect(await within(section).findByText('已有更新')).toBeInTheDocument();
    expect(within(section).getByText(REPORT_STATUS_NOTES.updated)).toBeInTheDocument();
    const items = within(within(section).getByRole('list', { name: '出具后的变化' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '2026-11-20行政处罚已信用修复1 条',
      '2026-12-01新公示行政处罚2 条',
      '日期不详行政处罚已撤下公示1 条',
    ]);
  });

  it('says 无法确定 for a report issued before its coverage was kept', async () => {
    gateway(() => ({
      ...STATUS,
      State: 'undetermined',
      StateLabel: '无法确定',
      Basis: 'dates',
      Note: REPORT_STATUS_NOTES.undetermined,
    }));
    await checkWithCode();
    const section = await statusSection();
    expect(await within(section).findByText('无法确定')).toBeInTheDocument();
    expect(within(section).getByText(REPORT_STATUS_NOTES.undetermined)).toBeInTheDocument();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says when the status cannot be found, and asks again on 重新查询', async () => {
    let answer: () => ReportStatus | FakeReply = () => failure(502, 502, '上游服务暂时不可用，请稍后再试');
    const fake = gateway(() => answer());
    const { user } = await checkWithCode();
    expect(await screen.findByText('报告真实有效')).toBeInTheDocument();
    const section = await statusSection();
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      '暂时无法查询报告当前状态：上游服务暂时不可用，请稍后再试',
    );
    answer = () => UPDATED;
    await user.click(within(section).getByRole('button', { name: '重新查询' }));
    expect(await within(section).findByText('已有更新')).toBeInTheDocument();
    expect(fake.calls(CONTRACTS.reportStatus.path).length).toBeGreaterThanOrEqual(2);
  });

  it('shows a loading state until the status comes', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fake = gateway(() => STATUS);
    fake.on(CONTRACTS.reportStatus, async () => {
      await held;
      return { Verified: true, Message: '', Status: STATUS };
    });
    await checkWithCode();
    expect(await screen.findByText(/正在查询报告当前状态/)).toBeInTheDocument();
    release();
    const section = await statusSection();
    expect(await within(section).findByText('有效')).toBeInTheDocument();
  });

  it('shows no status for a wrong code: the verification says why', async () => {
    gateway(() => STATUS);
    await checkWithCode('WRONG000');
    expect(await screen.findByText(SERVICE_MESSAGES.reportNotVerified)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /报告当前状态/ })).not.toBeInTheDocument();
  });

  it('still checks the link of a report issued before (?no=&code=) at once, and drops its code from the address', async () => {
    gateway(() => STATUS);
    renderAppAt(`#${withQuery(paths.reportVerify, { no: VERIFIED.ReportNo, code: CODE })}`);
    expect(await screen.findByText('报告真实有效')).toBeInTheDocument();
    const section = await statusSection();
    expect(await within(section).findByText('有效')).toBeInTheDocument();
    await waitFor(() => expect(addressQuery().has('code')).toBe(false));
    expect(addressQuery().get('no')).toBe(VERIFIED.ReportNo);
    expect(screen.getByLabelText('验证码')).toHaveValue(CODE);
  });
});
