import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import {
  CONTRACTS,
  OBJECTION_TYPES,
  SERVICE_MESSAGES,
  UPLOAD_FILE_FIELD,
  UPLOAD_MAX_FILE_BYTES,
  type Application,
  type EntitySearchResult,
  type RepairPunishRow,
  type ReportSignatureCheck,
  type ReportVerification,
  type ThirdPartyReport,
} from '@credit-portal/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearLogin, storeLogin } from '@/lib/login-session';
import { paths, withQuery } from '@/lib/paths';
import { failure, fakeGateway, fileReply } from './fake-gateway';
import { bearerOf, loginResult } from './fixtures';
import { findMain, preloadPages, renderAppAt } from './render-app';

// user-event without its pointer-events check (as render-app.tsx: setupUser): it reads the computed
// style of the target and its ancestors on every click; what CSS lets through is checked in Chromium.

/*
 * 信用服务 with the API client stubbed at its edge (test/fake-gateway.ts): the filing forms check
 * everything before sending and send nothing meanwhile, a filing goes out as the multipart body
 * the service takes and shows its number, an application's timeline shows the centre's decision,
 * an entity that is not the user's cannot be filed for, a report is handed over as a PDF
 * download, a report is verified by its number and code (a wrong code refused) and shown to a
 * third party. The same flows against the real service in Chromium: e2e/services.e2e.ts (a
 * repair with its timeline, an objection and the centre's rejection, a report downloaded and
 * verified); the service's own rules: packages/credit-service/test/services.test.ts.
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

/** A penalty of one of DEMO_A's entities that a repair or an objection can be filed against. */
const ROW: RepairPunishRow = {
  id: '905',
  EntityId: '1001',
  CF_WSH: '云市监罚〔2025〕88号',
  CF_XDR_MC: '云州市恒信科技有限公司',
  CF_XDR_SHXYM: '91520100MA6H00001X',
  CF_CFLB: '罚款',
  CF_WFXW: '虚假宣传',
  CF_JDRQ: '2025-01-10',
  CF_CFJG: '云州市市场监督管理局',
  CF_GSJZQ: '2026-07-10',
  Severity: '一般',
  CF_ZT: '正常',
  RepairableFrom: '2025-04-10',
  Repairable: true,
  Objectionable: true,
  Note: '',
};

const HANDLING_UNIT = '市公共信用信息中心';

/** An application as its owner sees it (typed by the shared Application schema). */
function application(over: Partial<Application> = {}): Application {
  return {
    ApplyNo: 'XF20260305000001',
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
    Description: '已缴清罚款并完成整改，特申请信用修复。',
    SubmittedAt: '2026-03-05 10:00:00',
    UpdatedAt: '2026-03-05 10:00:00',
    Result: '',
    Materials: [{ FileName: '履行证明.png', MimeType: 'image/png', Size: 33 }],
    Steps: [
      { Step: 'submitted', Label: '已提交', Time: '2026-03-05 10:00:00', HandlingUnit: HANDLING_UNIT, Comment: '' },
    ],
    ...over,
  };
}

/** The steps a reviewer adds: accepted, under review, then the decision with its unit and comment. */
function decided(base: Application, step: 'approved' | 'rejected', comment: string, unit: string): Application {
  const label = step === 'approved' ? '审核通过' : '审核不通过';
  return {
    ...base,
    Status: step,
    StatusLabel: label,
    Result: comment,
    Steps: [
      ...base.Steps,
      { Step: 'accepted', Label: '已受理', Time: '2026-03-06 09:00:00', HandlingUnit: unit, Comment: '' },
      { Step: 'reviewing', Label: '审核中', Time: '2026-03-06 10:00:00', HandlingUnit: unit, Comment: '' },
      { Step: step, Label: label, Time: '2026-03-07 15:00:00', HandlingUnit: unit, Comment: comment },
    ],
  };
}

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

/** The text fields and file names of a multipart body the page sent. */
function multipart(form: FormData | null): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of form!.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else fields[name] = [...((fields[name] as string[] | undefined) ?? []), value.name];
  }
  return fields;
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

  it('files an objection with its materials, and shows its result by number with the rejection’s reason', async () => {
    storeLogin(loginResult(DEMO_A));
    const filed = application({
      ApplyNo: 'YY20260305000002',
      Kind: 'objection',
      KindLabel: '信用异议',
      Purpose: OBJECTION_TYPES[0],
      Materials: [{ FileName: '更正说明.png', MimeType: 'image/png', Size: 33 }],
    });
    const rejected = decided(filed, 'rejected', '经核查，该信息与决定机关记录一致', '市市场监督管理局');
    const gateway = filingGateway()
      .on(CONTRACTS.objectionUpload, () => filed)
      .on(CONTRACTS.objectionResult, ({ query }) =>
        query.get('applyNo') === filed.ApplyNo ? rejected : failure(404, 404, SERVICE_MESSAGES.applicationNotFound),
      )
      .on(CONTRACTS.myApplications, () => ({ list: [rejected], totalCount: 1 }));
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { container } = renderAppAt(filingHash(paths.creditObjectionReport));
    let main = await findMain();
    const submit = await main.findByRole('button', { name: '提交异议申请' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('请填写情况说明')).toBeInTheDocument();

    await fill(user, screen.getByLabelText('联系人'), '李女士');
    await fill(user, screen.getByLabelText('联系电话'), '0871-12345678');
    await fill(user, screen.getByLabelText('情况说明'), '处罚决定书文号记载有误，应为另一文号。');
    await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, pngFile('更正说明.png'));
    await user.click(submit);
    const done = await screen.findByText('申请已提交');
    expect(done.closest('.ant-result')).toHaveTextContent(`申请编号：${filed.ApplyNo}。`);
    // One multipart request with the fields of ObjectionFilingFields and the material, with the user's token.
    const [sent] = gateway.calls(CONTRACTS.objectionUpload.path);
    expect(multipart(sent!.form)).toEqual({
      punishId: ROW.id,
      objectionType: OBJECTION_TYPES[0],
      contactName: '李女士',
      contactPhone: '0871-12345678',
      description: '处罚决定书文号记载有误，应为另一文号。',
      [UPLOAD_FILE_FIELD]: ['更正说明.png'],
    });
    expect(sent!.headers.get('authorization')).toBe(bearerOf(DEMO_A));
    expect(main.getByRole('link', { name: '查看办理进度' })).toHaveAttribute(
      'href',
      `#${withQuery(paths.creditObjectionResult, { applyNo: filed.ApplyNo })}`,
    );

    // The result page, once the centre has rejected it.
    cleanup();
    renderAppAt(`#${paths.creditObjectionResult}`);
    main = await findMain();
    const field = await screen.findByLabelText('申请编号');
    await user.click(main.getByRole('button', { name: '查询结果' }));
    expect(await screen.findByText('请输入申请编号')).toBeInTheDocument();
    await fill(user, field, filed.ApplyNo);
    await user.click(main.getByRole('button', { name: '查询结果' }));
    await waitFor(() => expect(window.location.hash).toContain(`applyNo=${filed.ApplyNo}`));
    const cards = await main.findAllByRole('heading', { name: new RegExp(filed.ApplyNo) });
    const card = cards[0]!.closest('article')!;
    expect(within(card).getAllByText('审核不通过').length).toBeGreaterThan(0);
    expect(within(card).getByText('办理意见：经核查，该信息与决定机关记录一致')).toBeInTheDocument();
    expect(within(card).getAllByText('办理单位：市市场监督管理局').length).toBeGreaterThan(0);
  });

  it('files a repair with a PNG, shows its number and timeline, and the reviewer’s decision in it', async () => {
    storeLogin(loginResult(DEMO_A));
    let mine = [application()];
    const gateway = filingGateway()
      .on(CONTRACTS.repairUpload, () => mine[0]!)
      .on(CONTRACTS.myApplications, () => ({ list: mine, totalCount: mine.length }));
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { container } = renderAppAt(filingHash(paths.creditRepairReport));
    let main = await findMain();
    const submit = await main.findByRole('button', { name: '提交修复申请' });
    await waitFor(() => expect(submit).toBeEnabled());

    await user.click(main.getByRole('combobox', { name: '修复用途' }));
    await user.click(await screen.findByTitle('招标投标'));
    await fill(user, screen.getByLabelText('联系人'), '王经理');
    await fill(user, screen.getByLabelText('联系电话'), '13812345678');
    await fill(user, screen.getByLabelText('情况说明'), '已缴清罚款并完成整改，特申请信用修复。');
    await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, pngFile());
    await user.click(submit);

    const done = await screen.findByText('申请已提交');
    expect(done.closest('.ant-result')).toHaveTextContent(`申请编号：${mine[0]!.ApplyNo}。`);
    const [sent] = gateway.calls(CONTRACTS.repairUpload.path);
    expect(multipart(sent!.form)).toEqual({
      punishId: ROW.id,
      purposeId: 'P1',
      contactName: '王经理',
      contactPhone: '13812345678',
      description: '已缴清罚款并完成整改，特申请信用修复。',
      [UPLOAD_FILE_FIELD]: ['履行证明.png'],
    });
    const progress = main.getByRole('link', { name: '查看办理进度' });
    expect(progress).toHaveAttribute('href', `#${paths.creditRepairProgress}`);

    await user.click(progress);
    const card = (await main.findByRole('heading', { name: new RegExp(mine[0]!.ApplyNo) })).closest('article')!;
    expect(within(card).getAllByText('已提交').length).toBeGreaterThan(0);
    expect(within(card).getByText(/履行证明\.png/)).toBeInTheDocument();
    expect(within(card).getAllByText(/^办理单位：/).length).toBeGreaterThan(0);

    // The centre's reviewer accepts, reviews and approves it: the timeline shows the decision.
    mine = [decided(mine[0]!, 'approved', '材料齐全，同意修复', '市公共信用信息中心')];
    cleanup();
    renderAppAt(`#${paths.creditRepairProgress}`);
    main = await findMain();
    const reviewed = (await main.findByRole('heading', { name: new RegExp(mine[0]!.ApplyNo) })).closest('article')!;
    expect(within(reviewed).getAllByText('审核通过').length).toBeGreaterThan(0);
    expect(within(reviewed).getByText('办理意见：材料齐全，同意修复')).toBeInTheDocument();
    expect(within(reviewed).getAllByText('办理单位：市公共信用信息中心').length).toBeGreaterThan(0);
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
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
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
              title: '行政许可',
              columns: ['许可文书号', '许可机关'],
              rows: [['云市监许〔2025〕7号', '云州市市场监督管理局']],
              emptyText: '无',
            },
            { title: '行政处罚', columns: ['处罚文书号'], rows: [], emptyText: '报告期内无行政处罚记录' },
          ],
        };
        return query.get('creditCode') === ENTITY.CreditCode && query.get('code') === code
          ? report
          : failure(400, 400, SERVICE_MESSAGES.reportCreditCodeMismatch);
      });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    // The link of the report's QR code: number and code filled in and checked at once.
    renderAppAt(`#${withQuery(paths.reportVerify, { no: VERIFIED.ReportNo, code })}`);
    let main = await findMain();
    expect(await screen.findByText('报告真实有效')).toBeInTheDocument();
    expect(screen.getByText(ENTITY.EntName)).toBeInTheDocument();
    expect(screen.getByText(ENTITY.CreditCode)).toBeInTheDocument();
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
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAppAt(`#${paths.publicCheck}`);
    const main = await findMain();
    const pdf = new File([new TextEncoder().encode('%PDF-1.7 signed')], 'report.pdf', { type: 'application/pdf' });
    const section = (await screen.findByRole('heading', { name: '凭PDF文件核验电子签名' })).closest('section')!;
    await user.upload(section.querySelector<HTMLInputElement>('input[type=file]')!, pdf);
    await user.click(main.getByRole('button', { name: '核验电子签名' }));
    expect(await screen.findByText('电子签名有效')).toBeInTheDocument();
    expect(screen.getByText(keyId)).toBeInTheDocument();
    expect(screen.getByText(/已轮换的历史密钥/)).toBeInTheDocument();
    expect(screen.getByText('信用中心留存的报告记录')).toBeInTheDocument();
    expect(screen.getByText(ENTITY.EntName)).toBeInTheDocument();
    expect(gateway.calls(CONTRACTS.reportVerifySignature.path)).toHaveLength(1);

    forged = true;
    await user.click(main.getByRole('button', { name: '核验电子签名' }));
    expect(await screen.findByText('电子签名核验未通过')).toBeInTheDocument();
    expect(screen.getByText('电子签名校验未通过：文件内容已被改动，或签名不是信用中心所签')).toBeInTheDocument();
  });

  it('sends a visitor without a login from the special report to the real-name tips page', async () => {
    fakeGateway();
    renderAppAt(`#${paths.specialReportInfo}`);
    await waitFor(() => expect(window.location.hash).toContain(paths.realNameTips));
  });
});
