import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API_PATHS, PRIVACY_RULES_VERSION, type LoginResult } from '@credit-portal/shared';
import { paths } from '../packages/web/src/lib/paths.js';
import { api, collectErrors, keepScreenshot, launchBrowser } from './browser.js';
import { recordOlderConsent } from './consent-support.js';

/*
 * The 个人信息处理规则 in a browser: the page reached from the footer, its sections' headings, at
 * 1440 and 375 px; and a login whose consent is of an older version of the rules asked again before
 * going on, and let on once it agrees. (The demo accounts are agreed for by the global setup, so
 * the other files' logins are not stopped: the question is walked with an account of its own.)
 */

const baseUrl = inject('baseUrl');
const creditServiceUrl = inject('creditServiceUrl');
const root = inject('root');
const dataDir = inject('dataDir');
const PASSWORD = 'Good1234pass';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A new account registered through the API with the code of its SMS (the demo outbox page). */
async function registered(): Promise<string> {
  const mobile = `135${String(Date.now()).slice(-8)}`;
  await api(baseUrl, API_PATHS.registerCode, { Mobile: mobile });
  const html = await (await fetch(`${creditServiceUrl}/outbox`)).text();
  const row = html.split('<tr').find((r) => r.includes(mobile) && r.includes('注册验证码'));
  const code = /验证码为(\d{6})/.exec(row ?? '')?.[1];
  expect(code, `a registration SMS to ${mobile} in the outbox`).toMatch(/^\d{6}$/);
  await api<LoginResult>(baseUrl, API_PATHS.register, {
    Mobile: mobile,
    Password: PASSWORD,
    Code: code,
    PrivacyVersion: PRIVACY_RULES_VERSION,
  });
  return mobile;
}

describe('个人信息处理规则', () => {
  it.each([
    [1440, 900],
    [375, 812],
  ])('is reached from the footer, with its version and its sections, at %i px', async (width, height) => {
    const context = await browser.newContext({ viewport: { width, height } });
    try {
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${baseUrl}/#${paths.home}`);
      const footerLink = page.getByRole('contentinfo').getByRole('link', { name: '个人信息处理规则' });
      await footerLink.scrollIntoViewIfNeeded();
      await footerLink.click();
      await page.waitForURL((url) => url.hash === `#${paths.privacy}`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: '个人信息处理规则' }).waitFor();
      await main.getByText(`版本 ${PRIVACY_RULES_VERSION}`).waitFor();
      for (const name of ['一、我们处理的个人信息', '四、您的权利及行使方式', '六、联系我们']) {
        expect(await main.getByRole('heading', { level: 2, name }).isVisible()).toBe(true);
      }
      for (const name of ['账号信息', '信用关注和提醒邮箱', '审计记录']) {
        expect(await main.getByRole('heading', { level: 3, name }).isVisible()).toBe(true);
      }
      // A contents entry takes the keyboard to its section.
      await main.getByRole('link', { name: '六、联系我们' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('六、联系我们');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await keepScreenshot(page, `privacy-${width}.png`, true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks a login whose consent is of an older version again, and lets it on once it agrees', async () => {
    const mobile = await registered();
    // The rules changed since this account agreed: its consent in force is of the older text.
    recordOlderConsent(root, dataDir, mobile, '2025.01');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${baseUrl}/#${paths.passwordLogin}`);
      await page.getByRole('main').getByRole('link', { name: '个人信息处理规则' }).waitFor();
      await page.getByLabel('手机号码').fill(mobile);
      await page.getByLabel('密码').fill(PASSWORD);
      await page.getByRole('button', { name: /^登\s*录$/ }).click();
      const dialog = page.getByRole('dialog', { name: '个人信息处理规则已更新' });
      await dialog.waitFor();
      await dialog.getByText('您此前同意的是 2025.01 版').waitFor();
      await keepScreenshot(page, 'privacy-ask-again-1440.png');
      // Asked on every page until it agrees.
      await page.goto(`${baseUrl}/#${paths.follows}`);
      await dialog.waitFor();
      await dialog.getByRole('button', { name: /同意并继续/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('main').getByRole('heading', { level: 1, name: '信用关注' }).waitFor();
      await page.goto(`${baseUrl}/#${paths.personal}`);
      await page
        .getByRole('main')
        .getByRole('link', { name: /信用关注/ })
        .waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
