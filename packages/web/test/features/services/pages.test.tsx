import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import {
  CONTRACTS,
  SERVICE_MESSAGES,
  UPLOAD_MAX_FILE_BYTES,
  type Application,
  type EntitySearchResult,
  type ReportSignatureCheck,
  type ReportVerification,
  type ThirdPartyReport,
} from '@credit-portal/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApplicationCard } from '@/features/services/components/application-card';
import { clearLogin, storeLogin } from '@/lib/login-session';
import { paths, withQuery } from '@/lib/paths';
import { failure, fakeGateway, fileReply } from '../../fake-gateway';
import { bearerOf, loginResult } from '../../fixtures';
import { findMain, preloadPages, renderAppAt, setupUser } from '../../render-app';
import { TestProviders } from '../../test-providers';
import { ROW } from './fixtures';

/*
 * 信用服务 with the API client stubbed at its edge (test/fake-gateway.ts): the filing forms check
 * everything before sending and send nothing meanwhile, an entity that is not the user's cannot
 * be filed for, a report is handed over as a PDF download, a report is verified by its number
 * and code (a wrong code refused) and shown to a third party. Filing a repair and an objection
 * (the multipart body the service takes, its number, the timeline with the centre's decision, the
 * result found by its number) is walked once, against the real service in Chromium:
 * e2e/services.e2e.ts; the service's own rules: packages/credit-service/test/services-*.test.ts.
 */

// The pages' code, loaded once before the tests (render-app.tsx: preloadPages).
beforeAll(() =>
  preloadPages(
    paths.creditRepairReport,
    paths.creditObjectionReport,
    paths.creditObjectionResult,
    paths.creditRepairProgress,
    paths.creditReport,
    paths.reportVerify,
    paths.publicCheck,
    paths.specialReportInfo,
    paths.realNameTips,
    paths.scanLogin,
  ),
);

afterEach(() => {
  clearLogin();
  vi.unstubAllGlobals();
});

const DEMO_A = '13900000000';
const DEMO_B = '13900000001';

/** The filing pages' gateway: the penalty, whether its entity is the user's, the purposes. */
function filingGateway({ mine = true }: { mine?: boolean } = {}) {
  return fakeGateway()
    .on(CONTRACTS.repairPunishSearch, ({ query }) =>
      query.get('entNameOrPunishDocNo') === ROW.CF_WSH ? { list: [ROW], totalCount: 1 } : { list: [], totalCount: 0 },
    )
    .on(CONTRACTS.judgeMyBusiness, () => ({
      isMine: mine,
      EntityId: ROW.EntityId,
      EntName: ROW.CF_XDR_MC,
      CreditCode: ROW.CF_XDR_SHXYM,
    }))
    .on(CONTRACTS.repairPurposes, () => [
      { id: 'P1', name: '招标投标', description: '参加招标投标活动需要' },
      { id: 'P2', name: '融资授信', description: '向金融机构申请贷款需要' },
    ]);
}

const filingHash = (path: string) => `#${withQuery(path, { punishId: ROW.id, docNo: ROW.CF_WSH })}`;

/** A real PNG: the signature and an IHDR chunk. */
const PNG_BYTES = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
  0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xde,
]);
const pngFile = (name = '履行证明.png') => new File([PNG_BYTES], name, { type: 'image/png' });

/** Types a value the quick way: a click, then a paste (typing key by key re-renders the form each time). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

describe('credit repair and objection', () => {
  it('checks the form before sending: required fields, file kind, size and count, and files nothing', async () => {
    storeLogin(loginResult(DEMO_A));
    const gateway = filingGateway();
    const user = userEvent.setup({ applyAccept: false, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { container } = renderAppAt(filingHash(paths.creditRepairReport));
    const main = await findMain();
    const submit = await main.findByRole('button', { name: '提交修复申请' });
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.getByText(ROW.CF_WSH)).toBeInTheDocument();

    // Every field the form requires carries antd's required mark, the materials too.
    for (const label of ['修复用途', '联系人', '联系电话', '情况说明', '申请材料']) {
      expect(screen.getByText(label, { selector: 'label' }), label).toHaveClass('ant-form-item-required');
    }

    await user.click(submit);
    for (const text of [
      '请选择修复用途',
      '请输入联系人姓名',
      '请输入联系电话',
      '请填写情况说明',
      SERVICE_MESSAGES.noFiles,
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }

    await fill(user, screen.getByLabelText('联系电话'), '12345');
    await user.tab();
    expect(await screen.findByText('请输入正确的手机号码或带区号的固定电话')).toBeInTheDocument();

    // A program renamed .exe, a file over the limit, and a sixth file are refused before sending.
    // The upload renews its file input after each pick: look it up each time.
    const input = () => container.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input(), new File([Uint8Array.from([0x4d, 0x5a, 0x90])], 'setup.exe'));
    expect(await screen.findByText(/“setup\.exe”格式不支持/)).toBeInTheDocument();
    const big = new File([new Uint8Array(UPLOAD_MAX_FILE_BYTES + 1)], '扫描件.pdf', { type: 'application/pdf' });
    await user.upload(input(), big);
    expect(await screen.findByText(/“扫描件\.pdf”超过 5 MB/)).toBeInTheDocument();
    await user.upload(
      input(),
      ['1', '2', '3', '4', '5', '6'].map((n) => pngFile(`材料${n}.png`)),
    );
    expect(await screen.findByText('最多上传 5 个文件')).toBeInTheDocument();
    expect(screen.getAllByText(/^材料\d\.png$/)).toHaveLength(5);

    expect(gateway.calls(CONTRACTS.repairUpload.path)).toEqual([]);
  });

  it('tells a user whose account the entity is not linked to that they cannot file for it', async () => {
    storeLogin(loginResult(DEMO_B));
    const gateway = filingGateway({ mine: false });
    renderAppAt(filingHash(paths.creditRepairReport));
    const main = await findMain();
    expect(await screen.findByText(SERVICE_MESSAGES.notMyBusiness)).toBeInTheDocument();
    expect(main.getByRole('button', { name: '提交修复申请' })).toBeDisabled();
    // Asked with the user's own token.
    const [judged] = gateway.calls(CONTRACTS.judgeMyBusiness.path);
    expect(judged!.query.get('id')).toBe(ROW.EntityId);
    expect(judged!.headers.get('authorization')).toBe(bearerOf(DEMO_B));
  });

  it('asks for a login before the filing form', async () => {
    const gateway = fakeGateway();
    renderAppAt(`#${withQuery(paths.creditRepairReport, { punishId: '1', docNo: 'x' })}`);
    await waitFor(() => expect(window.location.hash).toContain(paths.scanLogin));
    expect(gateway.calls(CONTRACTS.repairPunishSearch.path)).toEqual([]);
  });
});

const ENTITY: EntitySearchResult = {
  ID: '1002',
  EntName: '云州市远航贸易有限公司',
  Status: '存续',
  CreditCode: '91520100MA6H00002Y',
  EntType: '有限责任公司',
  SetUpDate: '2018-06-01',
};

const VERIFIED: ReportVerification = {
  ReportNo: 'BG2026030500001',
  ReportType: 'enterprise',
  ReportTypeLabel: '企业信用报告',
  EntName: ENTITY.EntName,
  CreditCode: ENTITY.CreditCode,
  PeriodFrom: '2025-03-06',
  PeriodTo: '2026-03-05',
  GeneratedAt: '2026-03-05 10:00:00',
  Findings: { licences: 2, penalties: 1, repairedPenalties: 0, redLists: 0, blackLists: 0, promises: 1 },
  Summary: ['报告期内行政许可 2 条', '报告期内行政处罚 1 条'],
  ContentDigest: 'a'.repeat(64),
  PdfSha256: 'b'.repeat(64),
  SignatureAlgorithm: 'HMAC-SHA256',
  KeyId: null,
  FileChecked: false,
};

describe('reports and their verification', () => {
  it('generates an enterprise report for a picked entity and downloads the PDF', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7 企业信用报告');
    const gateway = fakeGateway()
      .on(CONTRACTS.entitySearch, () => [ENTITY])
      .on(CONTRACTS.enterpriseReport, () => fileReply(pdf, `企业信用报告-${VERIFIED.ReportNo}.pdf`));
    // jsdom has no object URLs: the download hands the PDF over through one.
    const objectUrl = vi.fn((_blob: Blob) => 'blob:report');
    URL.createObjectURL = objectUrl;
    URL.revokeObjectURL = vi.fn();
    const user = setupUser();
    renderAppAt(`#${paths.creditReport}`);
    const main = await findMain();
    await fill(user, await screen.findByLabelText('企业名称或统一社会信用代码'), ENTITY.CreditCode);
    await user.click(main.getByRole('button', { name: '查询主体' }));
    await user.click(await main.findByRole('button', { name: `选择：${ENTITY.EntName}` }));
    await user.click(main.getByRole('button', { name: '生成并下载报告' }));
    expect(await screen.findByText('报告已生成')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`企业信用报告-${VERIFIED.ReportNo}\\.pdf 已开始下载`))).toBeInTheDocument();
    // The picked entity, over the default period of a year up to today.
    const [asked] = gateway.calls(CONTRACTS.enterpriseReport.path);
    expect(asked!.body).toMatchObject({ entityId: ENTITY.ID });
    const { periodFrom, periodTo } = asked!.body as { periodFrom: string; periodTo: string };
    expect(Number(periodTo.slice(0, 4)) - Number(periodFrom.slice(0, 4))).toBe(1);
    expect(objectUrl).toHaveBeenCalledTimes(1);
    const saved = objectUrl.mock.calls[0]![0];
    expect(saved.type).toBe('application/pdf');
    // Compared byte by byte: the blob and the test's bytes come from different realms (Node's, jsdom's).
    expect([...new Uint8Array(await saved.arrayBuffer())]).toEqual([...pdf]);
  });

  it('verifies a report on the public page by the number and code printed on it; a wrong code fails', async () => {
    const code = 'K7Q2M9X4';
    const gateway = fakeGateway()
      .on(CONTRACTS.reportVerify, ({ query }) =>
        query.get('reportNo') === VERIFIED.ReportNo && query.get('code') === code
          ? { Verified: true, Message: '', Report: VERIFIED }
          : { Verified: false, Message: SERVICE_MESSAGES.reportNotVerified, Report: null },
      )
      .on(CONTRACTS.thirdPartyCheck, ({ query }) => {
        const report: ThirdPartyReport = {
          Verification: VERIFIED,
          BasicInfo: [
            { label: '企业名称', value: ENTITY.EntName },
            { label: '统一社会信用代码', value: ENTITY.CreditCode },
          ],
          Sections: [
            {
              // As the service writes a section: its own 序号 first.
              title: '行政许可',
              columns: ['序号', '许可文书号', '许可机关'],
              rows: [['1', '云市监许〔2025〕7号', '云州市市场监督管理局']],
              emptyText: '无',
            },
            { title: '行政处罚', columns: ['处罚文书号'], rows: [], emptyText: '报告期内无行政处罚记录' },
          ],
        };
        return query.get('creditCode') === ENTITY.CreditCode && query.get('code') === code
          ? report
          : failure(400, 400, SERVICE_MESSAGES.reportCreditCodeMismatch);
      });
    const user = setupUser();
    // The link of the report's QR code: the number filled in; the code is typed from the report.
    renderAppAt(`#${withQuery(paths.reportVerify, { no: VERIFIED.ReportNo })}`);
    let main = await findMain();
    await fill(user, await screen.findByLabelText('验证码'), code);
    await user.click(main.getByRole('button', { name: '立即核验' }));
    expect(await screen.findByText('报告真实有效')).toBeInTheDocument();
    expect(screen.getByText(ENTITY.EntName)).toBeInTheDocument();
    expect(screen.getByText(ENTITY.CreditCode)).toBeInTheDocument();
    // Labelled as the PDF prints it.
    expect(screen.getByText('2026-03-05 10:00:00（北京时间）')).toBeInTheDocument();
    expect(screen.getByLabelText('报告编号')).toHaveValue(VERIFIED.ReportNo);

    const codeField = screen.getByLabelText('验证码');
    await user.clear(codeField);
    await fill(user, codeField, 'WRONG000');
    await user.click(main.getByRole('button', { name: '立即核验' }));
    expect(await screen.findByText(SERVICE_MESSAGES.reportNotVerified)).toBeInTheDocument();
    expect(screen.getByText('核验未通过')).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.reportVerify.path).at(-1)!.query.get('code')).toBe('WRONG000');

    // The third-party check shows the report's content to whoever has the credit code, number and code.
    cleanup();
    renderAppAt(`#${paths.publicCheck}`);
    main = await findMain();
    await fill(user, await screen.findByLabelText('统一社会信用代码'), ENTITY.CreditCode.toLowerCase());
    await fill(user, screen.getByLabelText('报告编号'), VERIFIED.ReportNo);
    await fill(user, screen.getByLabelText('验证码'), code);
    await user.click(main.getByRole('button', { name: '查看报告' }));
    expect(await screen.findByText('报告内容')).toBeInTheDocument();
    expect(screen.getByText('报告真实有效')).toBeInTheDocument();
    expect(screen.getByText('报告期内无行政处罚记录')).toBeInTheDocument();
    // One 序号 column: the table's own numbering, not the section's again beside it.
    const licences = screen.getByRole('heading', { name: '行政许可' }).closest('section')!;
    expect(await within(licences).findByText('云市监许〔2025〕7号')).toBeInTheDocument();
    expect(within(licences).getAllByRole('columnheader', { name: '序号' })).toHaveLength(1);
    expect(
      within(licences)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['序号', '许可文书号', '许可机关']);
    // The code as typed in lower case goes out as a credit code.
    expect(Object.fromEntries(gateway.calls(CONTRACTS.thirdPartyCheck.path)[0]!.query)).toEqual({
      creditCode: ENTITY.CreditCode,
      reportNo: VERIFIED.ReportNo,
      code,
    });
  });

  it('checks a PDF alone by its SM2 signature on the third-party page: key, time and record; a forged file fails', async () => {
    const keyId = 'c'.repeat(64);
    const check: ReportSignatureCheck = {
      ReportNo: VERIFIED.ReportNo,
      ReportKind: 'enterprise',
      ReportKindLabel: '企业信用报告',
      Algorithm: 'SM2-with-SM3',
      KeyId: keyId,
      KeyCurrent: false,
      KeyValidFrom: '2026-01-01 00:00:00',
      KeyValidTo: '2026-06-30 00:00:00',
      SignedAt: '2026-03-05 10:00:00',
      SignedLength: 1000,
      Verification: { ...VERIFIED, SignatureAlgorithm: 'SM2-with-SM3', KeyId: keyId, FileChecked: true },
    };
    let forged = false;
    const gateway = fakeGateway().on(CONTRACTS.reportVerifySignature, () =>
      forged ? failure(400, 400, '电子签名校验未通过：文件内容已被改动，或签名不是信用中心所签') : check,
    );
    const user = setupUser();
    renderAppAt(`#${paths.publicCheck}`);
    const main = await findMain();
    const pdf = new File([new TextEncoder().encode('%PDF-1.7 signed')], 'report.pdf', { type: 'application/pdf' });
    const section = (await screen.findByRole('heading', { name: '凭PDF文件核验电子签名' })).closest('section')!;
    await user.upload(section.querySelector<HTMLInputElement>('input[type=file]')!, pdf);
    await user.click(main.getByRole('button', { name: '核验电子签名' }));
    expect(await screen.findByText('电子签名有效')).toBeInTheDocument();
    expect(screen.getByText(keyId)).toBeInTheDocument();
    expect(screen.getByText(/已轮换的历史密钥/)).toBeInTheDocument();
    // 签名时间, and the record's 生成时间 and its signature line: each labelled as the PDF prints it.
    expect(screen.getAllByText(/2026-03-05 10:00:00（北京时间）/)).toHaveLength(3);
    expect(screen.getByText('信用中心留存的报告记录')).toBeInTheDocument();
    expect(screen.getByText(ENTITY.EntName)).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.reportVerifySignature.path)).toHaveLength(1);

    forged = true;
    await user.click(main.getByRole('button', { name: '核验电子签名' }));
    expect(await screen.findByText('电子签名核验未通过')).toBeInTheDocument();
    expect(screen.getByText('电子签名校验未通过：文件内容已被改动，或签名不是信用中心所签')).toBeInTheDocument();
  });

  it('verifies a PDF alone by its signature in the one upload box; a number and code are the other way', async () => {
    const check: ReportSignatureCheck = {
      ReportNo: VERIFIED.ReportNo,
      ReportKind: 'enterprise',
      ReportKindLabel: '企业信用报告',
      Algorithm: 'SM2-with-SM3',
      KeyId: 'd'.repeat(64),
      KeyCurrent: true,
      KeyValidFrom: '2026-01-01 00:00:00',
      KeyValidTo: null,
      SignedAt: '2026-03-05 10:00:00',
      SignedLength: 1000,
      Verification: { ...VERIFIED, SignatureAlgorithm: 'SM2-with-SM3', KeyId: 'd'.repeat(64), FileChecked: true },
    };
    const gateway = fakeGateway()
      .on(CONTRACTS.reportVerifySignature, () => check)
      .on(CONTRACTS.reportVerifyFile, () => ({
        Verified: true,
        Message: '',
        Report: { ...VERIFIED, FileChecked: true },
      }));
    const user = setupUser();
    const { container } = renderAppAt(`#${paths.reportVerify}`);
    const main = await findMain();
    await main.findByRole('button', { name: '立即核验' });
    // One upload box on the page, and no field marked required: either way will do.
    expect(container.querySelectorAll('input[type=file]')).toHaveLength(1);
    expect(container.querySelectorAll('.ant-form-item-required')).toHaveLength(0);

    // Nothing given: the page says what it needs, and asks nothing.
    await user.click(main.getByRole('button', { name: '立即核验' }));
    expect(await screen.findByText('请输入报告编号和验证码，或上传报告PDF文件')).toBeInTheDocument();

    // The PDF alone: checked by its signature, no number or code asked for.
    const pdf = new File([new TextEncoder().encode('%PDF-1.7 signed')], 'report.pdf', { type: 'application/pdf' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, pdf);
    await user.click(main.getByRole('button', { name: '立即核验' }));
    expect(await screen.findByText('电子签名有效')).toBeInTheDocument();
    expect(screen.queryByText('请输入报告编号')).not.toBeInTheDocument();
    expect(screen.queryByText('请输入验证码')).not.toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.reportVerifySignature.path)).toHaveLength(1);
    expect(gateway.calls(CONTRACTS.reportVerifyFile.path)).toEqual([]);
    expect(gateway.calls(CONTRACTS.reportVerify.path)).toEqual([]);

    // A number without its code is neither way.
    await fill(user, screen.getByLabelText('报告编号'), VERIFIED.ReportNo);
    await user.click(main.getByRole('button', { name: '立即核验' }));
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.reportVerifySignature.path)).toHaveLength(1);

    // With the code too, the file is compared with the report issued under that number.
    await fill(user, screen.getByLabelText('验证码'), 'K7Q2M9X4');
    await user.click(main.getByRole('button', { name: '立即核验' }));
    expect(await screen.findByText('上传的PDF文件与信用中心出具的报告完全一致，未被修改。')).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.reportVerifyFile.path)).toHaveLength(1);
  });

  it('sends a visitor without a login from the special report to the real-name tips page', async () => {
    fakeGateway();
    renderAppAt(`#${paths.specialReportInfo}`);
    await waitFor(() => expect(window.location.hash).toContain(paths.realNameTips));
  });
});

describe('an application’s card', () => {
  it('names each material with its size as it is: bytes, KB or MB', () => {
    const application: Application = {
      ApplyNo: 'XF2026030500001',
      Kind: 'repair',
      KindLabel: '信用修复',
      Status: 'submitted',
      StatusLabel: '已提交',
      EntityId: ROW.EntityId,
      EntName: ROW.CF_XDR_MC,
      CreditCode: ROW.CF_XDR_SHXYM,
      PunishId: ROW.id,
      CF_WSH: ROW.CF_WSH,
      Purpose: '招标投标',
      ContactName: '王经理',
      ContactPhone: '138****5678',
      Description: '已缴清罚款并完成整改。',
      SubmittedAt: '2026-03-05 16:42:00',
      UpdatedAt: '2026-03-05 16:42:00',
      Result: '',
      Materials: [
        { FileName: '整改证明.png', MimeType: 'image/png', Size: 193 },
        { FileName: '缴款凭证.jpg', MimeType: 'image/jpeg', Size: 12_595 },
        { FileName: '整改报告.pdf', MimeType: 'application/pdf', Size: 1.5 * 1024 * 1024 },
      ],
      Steps: [
        {
          Step: 'submitted',
          Label: '已提交',
          Time: '2026-03-05 16:42:00',
          HandlingUnit: '市公共信用信息中心',
          Comment: '',
        },
      ],
      Promise: null,
    };
    render(
      <TestProviders>
        <ApplicationCard application={application} />
      </TestProviders>,
    );
    // A 193-byte upload was shown as 0.1 MB.
    expect(
      screen.getByText('申请材料：整改证明.png（193 B）、缴款凭证.jpg（12.3 KB）、整改报告.pdf（1.5 MB）'),
    ).toBeInTheDocument();
  });
});
