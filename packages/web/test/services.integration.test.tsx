import { execFile } from 'node:child_process';
import { File as NodeFile } from 'node:buffer';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONTRACTS,
  REVIEW_TOKEN_HEADER,
  SERVICE_MESSAGES,
  SERVICE_REVIEW_PATH,
  UPLOAD_MAX_FILE_BYTES,
  type RepairPunishRow,
  type ReviewAction,
} from '@credit-portal/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { call, callFile } from '@/lib/api-client';
import { clearLogin, storeLogin } from '@/lib/login-session';
import { paths, withQuery } from '@/lib/paths';
import { startInProcessProduct, type InProcessProduct } from './in-process-product';

/*
 * 信用服务 against the real credit-service and gateway: the filing forms check everything before
 * sending (and nothing is filed), a repair filed with a PNG shows its number and timeline, the
 * centre's reviewer moves it on through the review endpoint and the decision appears in the
 * timeline; an objection's result by its number; an entity that is not the user's; a report
 * generated, downloaded and verified on the public page, and a wrong code refused.
 */

// Generous: the first visit to a page transforms its module graph, which on a busy machine takes a while.
const SLOW = { timeout: 60_000 };
const REVIEW_TOKEN = 'web-test-review-token';
const DEMO_A = { Mobile: '13900000000', Password: 'Yunzhou2026' };
const DEMO_B = { Mobile: '13900000001', Password: 'Yunzhou2026' };
const run = promisify(execFile);
let product: InProcessProduct;

// jsdom's FormData and File are not the ones Node's fetch sends as multipart: the page gets Node's.
// React also builds a FormData on every form submit (for form actions, which no page here uses):
// the stand-in accepts and ignores the form element it is given.
const NodeFormData = (
  await new Response('', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData()
).constructor as typeof FormData;
class MultipartFormData extends NodeFormData {
  constructor(..._form: unknown[]) {
    super();
  }
}

/** A real PNG: the signature and an IHDR chunk are enough for the content check. */
const PNG_BYTES = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
  0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xde,
]);
const pngFile = (name = '履行证明.png') => new NodeFile([PNG_BYTES], name, { type: 'image/png' }) as unknown as File;

function renderAppAt(hash: string) {
  window.history.replaceState(null, '', `/${hash}`);
  return render(<App />);
}

async function loginAs(account: { Mobile: string; Password: string }) {
  clearLogin();
  storeLogin(await call(CONTRACTS.login, { body: account }));
}

/** The centre's reviewer moves an application on (the credit-service's review endpoint). */
async function review(applyNo: string, action: ReviewAction, comment?: string, handlingUnit?: string) {
  const response = await fetch(`${product.creditServiceUrl}${SERVICE_REVIEW_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [REVIEW_TOKEN_HEADER]: REVIEW_TOKEN },
    body: JSON.stringify({ applyNo, action, comment, handlingUnit }),
  });
  expect(response.status, `${action} ${applyNo}`).toBe(200);
}

/** A penalty of one of the logged-in user's entities that can take the filing. */
async function ownPenalty(can: (row: RepairPunishRow) => boolean): Promise<RepairPunishRow> {
  const mine = await call(CONTRACTS.myBusinessList);
  for (const business of mine) {
    const page = await call(CONTRACTS.repairPunishSearch, {
      query: { entNameOrPunishDocNo: business.EntName, pageIndex: 1, pageSize: 50 },
    });
    const row = page.list.find((candidate) => candidate.EntityId === business.EntityId && can(candidate));
    if (row) return row;
  }
  throw new Error('the seed links no entity with a fileable penalty to the demo account');
}

/** Types a value the quick way: a click, then a paste (typing key by key re-renders the page each time). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

const filingHash = (path: string, row: RepairPunishRow) =>
  `#${withQuery(path, { punishId: row.id, docNo: row.CF_WSH })}`;

async function countMine(kind: 'repair' | 'objection'): Promise<number> {
  return (await call(CONTRACTS.myApplications, { query: { kind, pageIndex: 1, pageSize: 1 } })).totalCount;
}

beforeAll(async () => {
  product = await startInProcessProduct({ seedEntities: 2000, creditServiceConfig: { reviewToken: REVIEW_TOKEN } });
  vi.stubGlobal('FormData', MultipartFormData);
}, 180_000);

afterEach(() => {
  clearLogin();
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await product?.stop();
});

describe('credit repair and objection', () => {
  it(
    'checks the form before sending: required fields, file kind, size and count, and files nothing',
    { timeout: 240_000 },
    async () => {
      await loginAs(DEMO_A);
      const row = await ownPenalty((candidate) => candidate.Repairable);
      const before = await countMine('repair');
      const user = userEvent.setup({ applyAccept: false });
      const { container } = renderAppAt(filingHash(paths.creditRepairReport, row));
      const submit = await screen.findByRole('button', { name: '提交修复申请' }, SLOW);
      await waitFor(() => expect(submit).toBeEnabled(), SLOW);
      expect(screen.getByText(row.CF_WSH)).toBeInTheDocument();

      await user.click(submit);
      for (const text of [
        '请选择修复用途',
        '请输入联系人姓名',
        '请输入联系电话',
        '请填写情况说明',
        SERVICE_MESSAGES.noFiles,
      ]) {
        expect(await screen.findByText(text, {}, SLOW)).toBeInTheDocument();
      }

      await fill(user, screen.getByLabelText('联系电话'), '12345');
      await user.tab();
      expect(await screen.findByText('请输入正确的手机号码或带区号的固定电话', {}, SLOW)).toBeInTheDocument();

      // A program renamed .exe, a file over the limit, and a sixth file are refused before sending.
      // The upload renews its file input after each pick: look it up each time.
      const input = () => container.querySelector<HTMLInputElement>('input[type=file]')!;
      await user.upload(input(), new NodeFile([Uint8Array.from([0x4d, 0x5a, 0x90])], 'setup.exe') as unknown as File);
      expect(await screen.findByText(/“setup\.exe”格式不支持/, {}, SLOW)).toBeInTheDocument();
      const big = new NodeFile([new Uint8Array(UPLOAD_MAX_FILE_BYTES + 1)], '扫描件.pdf', { type: 'application/pdf' });
      await user.upload(input(), big as unknown as File);
      expect(await screen.findByText(/“扫描件\.pdf”超过 5 MB/, {}, SLOW)).toBeInTheDocument();
      await user.upload(
        input(),
        ['1', '2', '3', '4', '5', '6'].map((n) => pngFile(`材料${n}.png`)),
      );
      expect(await screen.findByText('最多上传 5 个文件', {}, SLOW)).toBeInTheDocument();
      expect(screen.getAllByText(/^材料\d\.png$/)).toHaveLength(5);

      expect(await countMine('repair')).toBe(before);
    },
  );

  it('tells a user whose account the entity is not linked to that they cannot file for it', async () => {
    await loginAs(DEMO_A);
    const row = await ownPenalty((candidate) => candidate.Repairable);
    await loginAs(DEMO_B);
    renderAppAt(filingHash(paths.creditRepairReport, row));
    expect(await screen.findByText(SERVICE_MESSAGES.notMyBusiness, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '提交修复申请' })).toBeDisabled();
  });

  it('asks for a login before the filing form', async () => {
    renderAppAt(`#${withQuery(paths.creditRepairReport, { punishId: '1', docNo: 'x' })}`);
    await waitFor(() => expect(window.location.hash).toContain(paths.scanLogin), SLOW);
  });

  it(
    'files an objection, finds it by its number, and shows a rejection with its reason',
    { timeout: 240_000 },
    async () => {
      await loginAs(DEMO_A);
      const row = await ownPenalty((candidate) => candidate.Objectionable);
      const user = userEvent.setup();
      const { container } = renderAppAt(filingHash(paths.creditObjectionReport, row));
      const submit = await screen.findByRole('button', { name: '提交异议申请' }, SLOW);
      await waitFor(() => expect(submit).toBeEnabled(), SLOW);
      await user.click(submit);
      expect(await screen.findByText('请填写情况说明')).toBeInTheDocument();

      await fill(user, screen.getByLabelText('联系人'), '李女士');
      await fill(user, screen.getByLabelText('联系电话'), '0871-12345678');
      await fill(user, screen.getByLabelText('情况说明'), '处罚决定书文号记载有误，应为另一文号。');
      await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, pngFile('更正说明.png'));
      await user.click(submit);
      const done = await screen.findByText('申请已提交', {}, SLOW);
      const applyNo = /申请编号：(\S+?)。/.exec(done.closest('.ant-result')!.textContent ?? '')?.[1];
      expect(applyNo).toBeTruthy();

      await review(applyNo!, 'accept');
      await review(applyNo!, 'review');
      await review(applyNo!, 'reject', '经核查，该信息与决定机关记录一致', '市市场监督管理局');
      cleanupAndRender(paths.creditObjectionResult);
      const field = await screen.findByLabelText('申请编号', {}, SLOW);
      await user.click(screen.getByRole('button', { name: '查询结果' }));
      expect(await screen.findByText('请输入申请编号')).toBeInTheDocument();
      await fill(user, field, applyNo!);
      await user.click(screen.getByRole('button', { name: '查询结果' }));
      await waitFor(() => expect(window.location.hash).toContain(`applyNo=${applyNo}`));
      const cards = await screen.findAllByRole('heading', { name: new RegExp(applyNo!) }, SLOW);
      const card = cards[0]!.closest('article')!;
      expect(within(card).getAllByText('审核不通过').length).toBeGreaterThan(0);
      expect(within(card).getByText('办理意见：经核查，该信息与决定机关记录一致')).toBeInTheDocument();
      expect(within(card).getAllByText('办理单位：市市场监督管理局').length).toBeGreaterThan(0);
    },
  );

  it(
    'files a repair with a PNG, shows its number and timeline, and the reviewer’s decision in it',
    { timeout: 240_000 },
    async () => {
      await loginAs(DEMO_A);
      const row = await ownPenalty((candidate) => candidate.Repairable);
      const purposes = await call(CONTRACTS.repairPurposes);
      const user = userEvent.setup();
      const { container } = renderAppAt(filingHash(paths.creditRepairReport, row));
      const submit = await screen.findByRole('button', { name: '提交修复申请' }, SLOW);
      await waitFor(() => expect(submit).toBeEnabled(), SLOW);

      await user.click(screen.getByRole('combobox', { name: '修复用途' }));
      await user.click(await screen.findByTitle(purposes[0]!.name));
      await fill(user, screen.getByLabelText('联系人'), '王经理');
      await fill(user, screen.getByLabelText('联系电话'), '13812345678');
      await fill(user, screen.getByLabelText('情况说明'), '已缴清罚款并完成整改，特申请信用修复。');
      await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, pngFile());
      await user.click(submit);

      const done = await screen.findByText('申请已提交', {}, SLOW);
      const applyNo = /申请编号：(\S+?)。/.exec(done.closest('.ant-result')!.textContent ?? '')?.[1];
      expect(applyNo).toBeTruthy();

      await user.click(screen.getByRole('link', { name: '查看办理进度' }));
      const card = (await screen.findByRole('heading', { name: new RegExp(applyNo!) }, SLOW)).closest('article')!;
      expect(within(card).getAllByText('已提交').length).toBeGreaterThan(0);
      expect(within(card).getByText(/履行证明\.png/)).toBeInTheDocument();
      expect(within(card).getAllByText(/^办理单位：/).length).toBeGreaterThan(0);

      await review(applyNo!, 'accept');
      await review(applyNo!, 'review');
      await review(applyNo!, 'approve', '材料齐全，同意修复', '市公共信用信息中心');
      cleanupAndRender(paths.creditRepairProgress);
      const reviewed = (await screen.findByRole('heading', { name: new RegExp(applyNo!) }, SLOW)).closest('article')!;
      expect(within(reviewed).getAllByText('审核通过').length).toBeGreaterThan(0);
      expect(within(reviewed).getByText('办理意见：材料齐全，同意修复')).toBeInTheDocument();
      expect(within(reviewed).getAllByText('办理单位：市公共信用信息中心').length).toBeGreaterThan(0);
    },
  );
});

describe('reports and their verification', () => {
  it('generates an enterprise report for a picked entity and downloads the PDF', { timeout: 240_000 }, async () => {
    // jsdom has no object URLs: the download hands the PDF over through one.
    const objectUrl = vi.fn((_blob: Blob) => 'blob:report');
    URL.createObjectURL = objectUrl;
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    const [entity] = await call(CONTRACTS.entitySearch, { body: { EntNameOrCreditCode: '科技' } });
    renderAppAt(`#${paths.creditReport}`);
    await fill(user, await screen.findByLabelText('企业名称或统一社会信用代码', {}, SLOW), entity!.CreditCode);
    await user.click(screen.getByRole('button', { name: '查询主体' }));
    await user.click(await screen.findByRole('button', { name: `选择：${entity!.EntName}` }, SLOW));
    await user.click(screen.getByRole('button', { name: '生成并下载报告' }));
    expect(await screen.findByText('报告已生成', {}, SLOW)).toBeInTheDocument();
    expect(objectUrl).toHaveBeenCalledTimes(1);
    const pdf = objectUrl.mock.calls[0]![0];
    expect(pdf.type).toBe('application/pdf');
    expect(compact(await pdfText(new Uint8Array(await pdf.arrayBuffer())))).toContain(entity!.EntName);
  });

  it(
    'verifies a report on the public page by the number and code printed on it; a wrong code fails',
    { timeout: 240_000 },
    async () => {
      const user = userEvent.setup();
      const [entity] = await call(CONTRACTS.entitySearch, { body: { EntNameOrCreditCode: '贸易' } });
      const today = new Date().toISOString().slice(0, 10);
      const issued = await callFile(CONTRACTS.enterpriseReport, {
        body: {
          entityId: entity!.ID,
          periodFrom: `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`,
          periodTo: today,
        },
      });
      // The link of the report's QR code, printed under it.
      const text = compact(await pdfText(new Uint8Array(await issued.blob.arrayBuffer())));
      const [, reportNo, code] = /verify\?no=([A-Za-z0-9]+)&code=([A-Za-z0-9]+)/.exec(text) ?? [];
      expect(reportNo && code).toBeTruthy();
      expect(issued.fileName).toContain(reportNo);

      renderAppAt(`#${withQuery(paths.reportVerify, { no: reportNo, code })}`);
      expect(await screen.findByText('报告真实有效', {}, SLOW)).toBeInTheDocument();
      expect(screen.getByText(entity!.EntName)).toBeInTheDocument();
      expect(screen.getByText(entity!.CreditCode)).toBeInTheDocument();
      expect(screen.getByLabelText('报告编号')).toHaveValue(reportNo);

      const codeField = screen.getByLabelText('验证码');
      await user.clear(codeField);
      await fill(user, codeField, 'WRONG000');
      await user.click(screen.getByRole('button', { name: '立即核验' }));
      expect(await screen.findByText(SERVICE_MESSAGES.reportNotVerified, {}, SLOW)).toBeInTheDocument();
      expect(screen.getByText('核验未通过')).toBeInTheDocument();

      // The third-party check shows the report's content to whoever has the credit code, number and code.
      cleanupAndRender(paths.publicCheck);
      await fill(user, await screen.findByLabelText('统一社会信用代码', {}, SLOW), entity!.CreditCode);
      await fill(user, screen.getByLabelText('报告编号'), reportNo!);
      await fill(user, screen.getByLabelText('验证码'), code!);
      await user.click(screen.getByRole('button', { name: '查看报告' }));
      expect(await screen.findByText('报告内容', {}, SLOW)).toBeInTheDocument();
      expect(screen.getByText('报告真实有效')).toBeInTheDocument();
    },
  );

  it('sends a visitor without a login from the special report to the real-name tips page', async () => {
    renderAppAt(`#${paths.specialReportInfo}`);
    await waitFor(() => expect(window.location.hash).toContain(paths.realNameTips), SLOW);
  });
});

/** Closes what the test rendered and opens the app at another path (as a reload would). */
function cleanupAndRender(path: string) {
  cleanup();
  renderAppAt(`#${path}`);
}

const compact = (text: string): string => text.replace(/\s+/g, '');

async function pdfText(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'web-report-'));
  try {
    await writeFile(join(dir, 'report.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', join(dir, 'report.pdf'), '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
