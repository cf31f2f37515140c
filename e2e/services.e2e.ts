/// <reference lib="dom" />
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generateSync } from 'otplib';
import {
  API_PATHS,
  SERVICE_REVIEW_LOGIN_PATH,
  SERVICE_REVIEW_PATH,
  STORAGE_KEYS,
  type MyBusiness,
  type RepairPunishPage,
  type RepairPunishRow,
} from '@credit-portal/shared';
import { paths, withQuery } from '../packages/web/src/lib/paths.js';
import { api, collectErrors, launchBrowser } from './browser.js';

/*
 * 信用服务 in a real browser: a demo user logs in, files a credit repair with a PNG and sees its
 * timeline, files an objection and finds the centre's rejection by its number; a visitor
 * downloads an enterprise credit report and verifies it on /#/xyfw/verify; the demo user chooses
 * the areas of a 专项信用报告 by keyboard at 375 and 1440 px and downloads it. The demo user logs
 * in once, on the password page, and files both applications in that login (a login costs the
 * service a password hash and the browser a start of the SPA and the home page). The main pages
 * of the section (each with its heading, without a console error, as wide as the screen at 1440
 * and 375 px) are checked by the route sweep of portal.e2e.ts, which visits them anyway.
 */

const baseUrl = inject('baseUrl');
const creditServiceUrl = inject('creditServiceUrl');
const reviewer = inject('reviewer');
const DEMO = { Mobile: '13900000000', Password: 'Yunzhou2026' };
const run = promisify(execFile);
let browser: Browser;
/** The demo user's login, made once on the password page: the browser's storage after it, and its token. */
let demoLogin: Awaited<ReturnType<BrowserContext['storageState']>>;
let demoToken: string;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await logInAsDemo(page);
  demoToken = (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.jwtToken)) ?? '';
  if (!demoToken.startsWith('eyJ')) throw new Error('the demo login left no token');
  if (errors.length > 0) throw new Error(`the demo login: ${errors.join('; ')}`);
  demoLogin = await context.storageState();
  await context.close();
});

afterAll(async () => {
  await browser?.close();
});

/** A GET with the demo user's bearer token, unwrapped from the envelope. */
async function authGet<T>(path: string, token: string): Promise<T> {
  const response = await fetch(new URL(path, baseUrl), { headers: { authorization: `Bearer ${token}` } });
  const envelope = (await response.json()) as { ok: boolean; data: T; message: string };
  if (!envelope.ok) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/** The demo user's penalties: for each linked entity, its penalties in publicity. */
async function demoPenalties(): Promise<RepairPunishRow[]> {
  const mine = await authGet<MyBusiness[]>(API_PATHS.myBusinessList, demoToken);
  const rows: RepairPunishRow[] = [];
  for (const business of mine) {
    const page = await api<RepairPunishPage>(
      baseUrl,
      `${API_PATHS.repairPunishSearch}?entNameOrPunishDocNo=${business.CreditCode}&pageIndex=1&pageSize=50`,
    );
    rows.push(...page.list.filter((row) => row.EntityId === business.EntityId));
  }
  return rows;
}

/** A demo penalty that can be repaired now (the seed leaves some free). */
async function repairablePenalty(): Promise<RepairPunishRow> {
  const row = (await demoPenalties()).find((candidate) => candidate.Repairable);
  if (!row) throw new Error('no demo entity with a repairable penalty');
  return row;
}

/**
 * A demo penalty open to an objection, preferably one that cannot be repaired yet: the repair
 * test beside this one files against a repairable penalty, and a filing takes its penalty out
 * of the other kind.
 */
async function objectionablePenalty(): Promise<RepairPunishRow> {
  const rows = (await demoPenalties()).filter((row) => row.Objectionable);
  const row = rows.find((candidate) => !candidate.Repairable) ?? rows.at(-1);
  if (!row) throw new Error('no demo penalty open to an objection');
  return row;
}

/** Logs the demo user in on the password page. */
async function logInAsDemo(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/#${paths.passwordLogin}`);
  await page.getByLabel('手机号码').fill(DEMO.Mobile);
  await page.getByLabel('密码').fill(DEMO.Password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await page.waitForURL(/#\/index/);
}

/**
 * The reviewer's session: one login (password and the authenticator's code) for the whole file —
 * a code is good once, so a second login in the same 30 seconds would be refused.
 */
let reviewerSession: Promise<string> | undefined;
function reviewerToken(): Promise<string> {
  reviewerSession ??= (async () => {
    const response = await fetch(`${creditServiceUrl}${SERVICE_REVIEW_LOGIN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        login: reviewer.login,
        password: reviewer.password,
        code: generateSync({ secret: reviewer.secret }),
      }),
    });
    if (response.status !== 200) throw new Error(`审核员登录失败：${response.status} ${await response.text()}`);
    return ((await response.json()) as { Data: { token: string } }).Data.token;
  })();
  return reviewerSession;
}

/** The centre's reviewer moves an application on (the credit-service's review endpoint, not behind the gateway). */
async function review(applyNo: string, action: string, handlingUnit: string, comment?: string): Promise<number> {
  const response = await fetch(`${creditServiceUrl}${SERVICE_REVIEW_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await reviewerToken()}` },
    body: JSON.stringify({ applyNo, action, handlingUnit, comment }),
  });
  return response.status;
}

describe('credit services in a browser', () => {
  it.concurrent(
    'a demo user files a repair with a PNG and sees its timeline; once approved, the penalty leaves a visitor’s 双公示 list',
    { timeout: 300_000 },
    async ({ expect }) => {
      const penalty = await repairablePenalty();
      // The demo user's login, in a context of its own (a second tab of one context would be a
      // background tab: e2e/browser.ts, launchBrowser).
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: demoLogin });
      try {
        const page = await context.newPage();
        const errors = collectErrors(page);
        await page.goto(`${baseUrl}/#${withQuery(paths.creditRepairSearch, { keyword: penalty.CF_WSH })}`);
        await page.getByRole('link', { name: `申请修复：${penalty.CF_WSH}` }).click();
        const submit = page.getByRole('button', { name: '提交修复申请' });
        await submit.waitFor();
        // The purpose by keyboard, and seen chosen before the rest is filled: a click on an option
        // while the list was still opening (the page scrolling it into view on a busy machine)
        // sometimes left the field empty, and the form refused the filing.
        const purpose = page.getByRole('combobox', { name: '修复用途' });
        await purpose.focus();
        await purpose.press('ArrowDown');
        const first = page.locator('.ant-select-item-option-active');
        await first.waitFor();
        const chosen = (await first.innerText()).trim();
        await purpose.press('Enter');
        await expect
          .poll(() => page.locator('.ant-form-item', { has: purpose }).locator('.ant-select-content').innerText())
          .toBe(chosen);
        await page.getByLabel('联系人').fill('王经理');
        await page.getByLabel('联系电话').fill('13812345678');
        await page.getByLabel('情况说明').fill('已缴清罚款并完成整改，特申请信用修复。');
        await page
          .locator('input[type=file]')
          .setInputFiles({ name: '整改证明.png', mimeType: 'image/png', buffer: PNG });
        await page.getByText('整改证明.png').waitFor();
        // The 信用修复承诺书: signed by name, the box ticked.
        await page.getByLabel('承诺人姓名').fill('王经理');
        await page.getByRole('checkbox', { name: '我已阅读并承诺' }).check();
        await submit.click();

        const result = page.locator('.ant-result');
        await result.getByText('申请已提交').waitFor();
        const applyNo = /申请编号：(\S+?)。/.exec((await result.textContent()) ?? '')?.[1];
        expect(applyNo).toBeTruthy();
        await page.getByRole('link', { name: '查看办理进度' }).click();
        const card = page.locator('article', { has: page.getByRole('heading', { name: new RegExp(applyNo!) }) });
        await card.waitFor();
        await card.locator('.ant-timeline').getByText('已提交').waitFor();
        expect(await card.getByText(/^办理单位：/).count()).toBeGreaterThan(0);
        // The material filed with it.
        await card
          .getByText(/整改证明\.png/)
          .first()
          .waitFor();

        // The centre accepts it (its review endpoint): the timeline shows the step after a reload.
        expect(await review(applyNo!, 'accept', '市公共信用信息中心')).toBe(200);
        await page.reload();
        await card.locator('.ant-timeline').getByText('已受理').waitFor();
        await card.getByText('办理单位：市公共信用信息中心').first().waitFor();
        expect(errors).toEqual([]);

        // A visitor in another browser has the penalty on the 双公示 list (cached by the gateway
        // from now on); the reviewer approves the repair and it leaves the list without a purge.
        const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        try {
          const list = await visitor.newPage();
          const listErrors = collectErrors(list);
          const address = `${baseUrl}/#${withQuery(paths.doubleDisclosure, { currentTab: '2', keyword: penalty.CF_WSH })}`;
          await list.goto(address);
          const row = list.locator('main').getByText(penalty.CF_WSH, { exact: true });
          await row.first().waitFor();
          expect(await review(applyNo!, 'review', '市公共信用信息中心')).toBe(200);
          expect(await review(applyNo!, 'approve', '市公共信用信息中心')).toBe(200);
          await expect
            .poll(async () => {
              await list.reload();
              // The list has answered: its count, or the empty state.
              await list
                .getByText(/共找到 \d+ 条/)
                .or(list.locator('.ant-empty-description'))
                .first()
                .waitFor();
              return row.count();
            })
            .toBe(0);
          expect(listErrors).toEqual([]);
        } finally {
          await visitor.close();
        }
      } finally {
        await context.close();
      }
    },
  );

  it.concurrent(
    'a demo user files an objection with a PNG and finds the centre’s rejection by its number',
    { timeout: 240_000 },
    async ({ expect }) => {
      const row = await objectionablePenalty();
      // The demo user's login, in a context of its own (a second tab of one context would be a
      // background tab: e2e/browser.ts, launchBrowser).
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: demoLogin });
      try {
        const page = await context.newPage();
        const errors = collectErrors(page);
        await page.goto(`${baseUrl}/#${withQuery(paths.creditObjectionSearch, { keyword: row.CF_WSH })}`);
        await page.getByRole('link', { name: `提出异议：${row.CF_WSH}` }).click();
        const submit = page.getByRole('button', { name: '提交异议申请' });
        await submit.waitFor();
        await page.getByLabel('联系人').fill('李女士');
        await page.getByLabel('联系电话').fill('0871-12345678');
        await page.getByLabel('情况说明').fill('处罚决定书文号记载有误，应为另一文号。');
        await page
          .locator('input[type=file]')
          .setInputFiles({ name: '更正说明.png', mimeType: 'image/png', buffer: PNG });
        await page.getByText('更正说明.png').waitFor();
        await submit.click();

        const result = page.locator('.ant-result');
        await result.getByText('申请已提交').waitFor();
        const applyNo = /申请编号：(\S+?)。/.exec((await result.textContent()) ?? '')?.[1];
        expect(applyNo).toBeTruthy();

        // The centre accepts it, reviews it and rejects it with its reason.
        const unit = '市市场监督管理局';
        expect(await review(applyNo!, 'accept', unit)).toBe(200);
        expect(await review(applyNo!, 'review', unit)).toBe(200);
        expect(await review(applyNo!, 'reject', unit, '经核查，该信息与决定机关记录一致')).toBe(200);

        await page.getByRole('link', { name: '查看办理进度' }).click();
        await page.waitForURL(new RegExp(`applyNo=${applyNo}`));
        const card = page
          .locator('article', { has: page.getByRole('heading', { name: new RegExp(applyNo!) }) })
          .first();
        await card.locator('.ant-timeline').getByText('审核不通过').waitFor();
        await card.getByText('办理意见：经核查，该信息与决定机关记录一致').waitFor();
        expect(await card.getByText(`办理单位：${unit}`).count()).toBeGreaterThan(0);

        // The result page itself: it asks for a number, then finds the application by the one typed.
        await page.goto(`${baseUrl}/#${paths.creditObjectionResult}`);
        const search = page.getByRole('button', { name: '查询结果' });
        const number = page.getByRole('textbox', { name: '申请编号' });
        await number.fill('');
        await search.click();
        await page.getByText('请输入申请编号').waitFor();
        await number.fill(applyNo!);
        await search.click();
        await page.waitForURL(new RegExp(`applyNo=${applyNo}`));
        await card.locator('.ant-timeline').getByText('审核不通过').waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it.concurrent(
    'a visitor downloads a credit report and verifies it on /#/xyfw/verify',
    { timeout: 240_000 },
    async ({ expect }) => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
      try {
        const page = await context.newPage();
        const errors = collectErrors(page);
        await page.goto(`${baseUrl}/#${paths.creditReport}`);
        await page.getByLabel('企业名称或统一社会信用代码').fill('科技');
        await page.getByRole('button', { name: '查询主体' }).click();
        const pick = page.getByRole('button', { name: /^选择：/ }).first();
        const name = ((await pick.getAttribute('aria-label')) ?? '').replace(/^选择：/, '');
        await pick.click();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: '生成并下载报告' }).click(),
        ]);
        await page.getByText('报告已生成').waitFor();
        const file = await download.path();
        expect((await readFile(file)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
        const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
        // The report is about the entity picked.
        expect(stdout.replace(/\s+/g, '')).toContain(name);
        // The address of the report's QR code, printed under it: the number only; the code is
        // printed beside it and typed in (never carried in an address).
        const printed = stdout.replace(/\s+/g, '');
        const link = /https?:\/\/\S+?#\/xyfw\/verify\?no=[A-Za-z0-9]+/.exec(printed)?.[0];
        expect(link).toBeTruthy();
        expect(printed).not.toMatch(/xyfw\/verify\?no=[A-Za-z0-9]+&code=/);
        const code = /验证码([A-Z2-9]{8})/.exec(printed)?.[1] ?? '';
        const query = new URLSearchParams(link!.split('?')[1]);
        await page.goto(`${baseUrl}/#${withQuery(paths.reportVerify, { no: query.get('no') })}`);
        await page.getByLabel('验证码').fill(code);
        await page.getByRole('button', { name: '立即核验' }).click();
        await page.getByText('报告真实有效').waitFor();
        expect(await page.getByText(name, { exact: true }).count()).toBeGreaterThan(0);
        // And whether it is still current: just issued, 有效.
        await page
          .getByRole('region', { name: /报告当前状态/ })
          .getByText('有效', { exact: true })
          .waitFor();
        expect(page.url()).not.toContain(code);
        // One upload box on the page, for both ways.
        const fileInput = page.locator('input[type=file]');
        expect(await fileInput.count()).toBe(1);
        const pdf = {
          // Playwright keeps a download under a generated name: offer it under the name it was sent with.
          name: download.suggestedFilename(),
          mimeType: 'application/pdf',
          buffer: await readFile(file),
        };
        // With the number and code, the PDF itself, unaltered, passes the file check.
        await fileInput.setInputFiles(pdf);
        await page.getByRole('button', { name: '立即核验' }).click();
        await page.getByText('上传的PDF文件与信用中心出具的报告完全一致，未被修改。').waitFor();
        // The PDF alone: its signature, no number or code asked for.
        await page.getByLabel('报告编号').fill('');
        await page.getByLabel('验证码').fill('');
        await page.getByRole('button', { name: '立即核验' }).click();
        await page.getByText('电子签名有效').waitFor();
        await page.getByRole('heading', { name: '信用中心留存的报告记录' }).waitFor();
        expect(await page.getByText(name, { exact: true }).count()).toBeGreaterThan(0);
        expect(await page.getByText(/^请输入(报告编号|验证码)/).count()).toBe(0);
        expect(errors).toEqual([]);
        // Without the file, a changed code fails.
        await page.getByLabel('报告编号').fill(query.get('no')!);
        await page.getByLabel('验证码').fill('WRONG000');
        await page.locator('.ant-upload-list-item').getByRole('button').click();
        await page.getByRole('button', { name: '立即核验' }).click();
        await page.getByText('核验未通过').waitFor();
        await page.getByText('报告编号或验证码不正确，请核对后重新输入').waitFor();
        // A mistyped code is an ordinary answer, not a failed request: the console stays clean
        // (it used to be a 404 and a console error).
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it.concurrent.for([375, 1440])(
    'the demo user chooses the areas of a 专项信用报告 by keyboard and downloads it at %i px',
    { timeout: 120_000 },
    async (width, { expect }) => {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        storageState: demoLogin,
        acceptDownloads: true,
      });
      try {
        const page = await context.newPage();
        const errors = collectErrors(page);
        await page.goto(`${baseUrl}/#${paths.specialReportInfo}`);
        const entity = page.getByRole('combobox', { name: '报告主体' });
        await entity.focus();
        await entity.press('ArrowDown');
        await page.locator('.ant-select-item-option-active').waitFor();
        await entity.press('Enter');
        const generate = page.getByRole('button', { name: '生成并下载报告' });
        // No area yet: the button waits. Two areas by keyboard: Space on one, Tab to the next.
        expect(await generate.isDisabled()).toBe(true);
        await page.getByRole('checkbox', { name: /^市场监管（/ }).focus();
        await page.keyboard.press('Space');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Space');
        await page.getByText('已选择 2 个领域：市场监管、生态环境').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const [download] = await Promise.all([page.waitForEvent('download'), generate.click()]);
        const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', await download.path(), '-']);
        const text = stdout.replace(/\s+/g, '');
        expect(text).toContain('所选领域查询结果');
        expect(text).toContain('生态环境部门');
        expect(text).not.toContain('卫生健康部门');
        expect(text).toContain('发改财金〔2025〕565号');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it.concurrent.for([375, 1440])(
    '/#/xyfw keeps the 需实名登录 badge on one line at %i px',
    async (width, { expect }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        const errors = collectErrors(page);
        await page.goto(`${baseUrl}/#${paths.services}`);
        const badge = page.getByText('需实名登录', { exact: true });
        await badge.waitFor();
        const shape = await badge.evaluate((element) => {
          const style = getComputedStyle(element);
          const range = document.createRange();
          range.selectNodeContents(element);
          return {
            height: element.getBoundingClientRect().height,
            lineHeight: parseFloat(style.lineHeight),
            // The text's line boxes: one top when it sits on one line.
            lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
          };
        });
        expect(shape.lines).toBe(1);
        // Its box is one line high (two lines were twice its line height).
        expect(shape.lineHeight).toBeGreaterThan(0);
        expect(shape.height).toBeLessThan(shape.lineHeight * 1.5);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
