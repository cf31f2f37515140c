import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ACCOUNT_MESSAGES, API_PATHS, STORAGE_KEYS } from '@credit-portal/shared';
import { paths } from '../packages/web/src/lib/paths.js';
import { collectErrors, launchBrowser } from './browser.js';

/*
 * 我的数据 and 注销账号 in a real browser, at 1440 and 375 px: a freshly registered account opens
 * 我的数据 from 个人中心, downloads its copy as JSON (which holds its number) and as a PDF, then
 * closes the account with its password and the SMS code read from the credit-service's outbox
 * page; its login is over and the number's password logs no one in.
 */

const baseUrl = inject('baseUrl');
const creditServiceUrl = inject('creditServiceUrl');
const PASSWORD = 'Good1234pass';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The six-digit code of the newest SMS to the number whose text holds `marker`, from the outbox page. */
async function smsCode(mobile: string, marker: string): Promise<string> {
  const outbox = await context.newPage();
  await outbox.goto(`${creditServiceUrl}/outbox`);
  const text =
    (await outbox.getByRole('row').filter({ hasText: mobile }).filter({ hasText: marker }).first().textContent()) ?? '';
  await outbox.close();
  const code = /验证码为(\d{6})/.exec(text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/** Nothing sideways at 375 px. */
async function fitsPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('我的数据 and 注销账号', () => {
  it(
    'downloads the copy of a new account, closes it, and its password logs no one in',
    { timeout: 180_000 },
    async () => {
      const page = await context.newPage();
      const errors = collectErrors(page);
      const mobile = `135${String(Date.now()).slice(-8)}`;
      await page.goto(`${baseUrl}/#${paths.register}`);
      await page.getByRole('textbox', { name: '手机号码' }).fill(mobile);
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByText(ACCOUNT_MESSAGES.smsSent).waitFor();
      const code = await smsCode(mobile, '注册');
      await page.bringToFront();
      await page.getByRole('textbox', { name: '短信验证码' }).fill(code);
      await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
      await page.getByLabel('确认密码').fill(PASSWORD);
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await page.getByRole('button', { name: /注\s*册/ }).click();
      await page.waitForURL((url) => url.hash === '#/index');

      // 个人中心 › 我的数据: the number masked on screen, whole in the JSON; the PDF.
      await page.goto(`${baseUrl}/#${paths.personal}`);
      await page.getByRole('link', { name: /我的数据/ }).click();
      await page.getByRole('heading', { level: 1, name: '我的数据' }).waitFor();
      // In the page itself: the header's account button shows the masked number too.
      await page
        .locator('#main-content')
        .getByText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`)
        .waitFor();
      await page.getByText('当前登录').waitFor();
      const [json] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: '下载 JSON' }).click(),
      ]);
      const copy = JSON.parse(await readFile((await json.path())!, 'utf8')) as { Profile: { Mobile: string } };
      expect(copy.Profile.Mobile).toBe(mobile);
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: '下载 PDF' }).click(),
      ]);
      expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
      await fitsPhone(page);

      // 注销账号, from 我的数据: the code to the account's number, the password, the confirmation.
      const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.jwtToken);
      await page.getByRole('link', { name: '注销账号' }).click();
      await page.getByRole('heading', { level: 1, name: '注销账号' }).waitFor();
      await fitsPhone(page);
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
      const closeCode = await smsCode(mobile, '注销账号');
      await page.bringToFront();
      await page.getByLabel('登录密码').fill(PASSWORD);
      await page.getByLabel('短信验证码').fill(closeCode);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: '注销账号' }).click();
      await page.getByText('账号已注销').first().waitFor();
      const profile = await fetch(`${baseUrl}${API_PATHS.profile}`, { headers: { authorization: `Bearer ${token}` } });
      expect(profile.status).toBe(401);

      await page.goto(`${baseUrl}/#${paths.passwordLogin}`);
      await page.getByLabel('手机号码').fill(mobile);
      await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: /^登\s*录$/ }).click();
      await page.getByText(ACCOUNT_MESSAGES.wrongCredentials).first().waitFor();
      expect(errors.filter((e) => !e.includes('401') && !e.includes('400'))).toEqual([]);
      await page.close();
    },
  );
});
