import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API_PATHS, type EntityBaseInfo } from '@credit-portal/shared';
import { paths, withQuery } from '../packages/web/src/lib/paths.js';
import { asSlowPhoneWatchingShifts, collectErrors, keepScreenshot, launchBrowser, layoutShifts } from './browser.js';
import { mailBodyText } from './mail-text.js';

/*
 * 信用关注 in a real browser, once: the demo user logs in on the password page, follows
 * an entity from its details page (with the keyboard), finds it on 个人中心 › 信用关注, turns the
 * daily mail on to an address it then confirms by the link mailed to it (read from the demo
 * outbox), and unfollows the entity there in one click. The notices, the digest mail and the signed link are the
 * service's (packages/credit-service/test/follow-*.test.ts) and the SPA's (packages/web/test/features/follow/pages.test.tsx).
 */

const baseUrl = inject('baseUrl');
const creditServiceUrl = inject('creditServiceUrl');
const DEMO = { Mobile: '13900000000', Password: 'Yunzhou2026' };
/** An entity of the 2,000-entity data set that the demo account does not act for. */
const ENTITY_ID = '12';

let browser: Browser;

/** The token of the confirmation mail to an address, as the demo outbox page lists it. */
async function confirmationToken(address: string): Promise<string> {
  const html = await (await fetch(`${creditServiceUrl}/outbox`)).text();
  const row = html.split('<tr>').find((r) => r.includes(address) && r.includes('请确认接收信用关注提醒邮件'));
  const eml = /href="([^"]+\.eml)"/.exec(row ?? '')?.[1];
  expect(eml, `a confirmation mail to ${address} in the outbox`).toBeDefined();
  const text = mailBodyText(await (await fetch(`${creditServiceUrl}${eml}`)).text());
  return /#\/grzx\/xygz\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(text)![1]!;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('信用关注 in a browser', () => {
  it(
    'logs in, follows an entity on its details, sees it on 个人中心 and unfollows it',
    { timeout: 180_000 },
    async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        const errors = collectErrors(page);
        await page.goto(`${baseUrl}/#${paths.passwordLogin}`);
        await page.getByLabel('手机号码').fill(DEMO.Mobile);
        await page.getByLabel('密码').fill(DEMO.Password);
        await page.getByRole('button', { name: /^登\s*录$/ }).click();
        await page.waitForURL(/#\/index/);

        const detailsAnswer = page.waitForResponse((response) => response.url().includes(API_PATHS.entityBaseInfo));
        await page.goto(`${baseUrl}/#${withQuery(paths.searchDetails, { id: ENTITY_ID })}`);
        const entity = ((await (await detailsAnswer).json()) as { data: EntityBaseInfo }).data;
        await page.getByRole('heading', { level: 1, name: entity.EntName }).waitFor();

        const toggle = page.getByRole('button', { name: '关注' });
        // The button is there (loading) before the follow state: a press before it arrives does
        // nothing, as antd's loading button. Ready when the count beside it shows.
        await page.getByRole('link', { name: /已关注 \d+\/\d+/ }).waitFor({ timeout: 30_000 });
        await expect.poll(() => toggle.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('false');
        await toggle.focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => toggle.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');
        await expect.poll(() => toggle.innerText(), { timeout: 30_000 }).toContain('已关注');
        await keepScreenshot(page, 'follow-details-1440.png');

        // 个人中心 → 信用关注, in a phone-sized window: nothing sticks out sideways.
        await page.setViewportSize({ width: 375, height: 812 });
        await page.goto(`${baseUrl}/#${paths.personal}`);
        const entry = page.getByRole('link', { name: /信用关注/ });
        await entry.waitFor();
        await keepScreenshot(page, 'follow-personal-375.png');
        await entry.click();
        await page.waitForURL(new RegExp(`#${paths.follows}$`));
        const main = page.getByRole('main');
        await main.getByRole('heading', { level: 1, name: '信用关注' }).waitFor();
        const followed = main.getByRole('link', { name: entity.EntName });
        await followed.waitFor();
        expect(await followed.getAttribute('href')).toBe(`#${withQuery(paths.searchDetails, { id: entity.ID })}`);
        await main.getByRole('switch', { name: '每日邮件提醒' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await keepScreenshot(page, 'follow-centre-375.png', true);
        await page.setViewportSize({ width: 1440, height: 900 });

        // The daily mail: the address waits for the confirmation mailed to it, then is confirmed.
        const address = `follow-${Date.now()}@example.com`;
        await main.getByRole('switch', { name: '每日邮件提醒' }).click();
        await main.getByLabel('电子邮箱').fill(address);
        await main.getByRole('button', { name: /保\s*存/ }).click();
        await main.getByText(`确认邮件已发送至 ${address}`, { exact: false }).waitFor();
        const token = await confirmationToken(address);
        // Opened from the mail on a phone.
        await page.setViewportSize({ width: 375, height: 812 });
        await page.goto(`${baseUrl}/#${withQuery(paths.followConfirmEmail, { token })}`);
        const accept = page.getByRole('button', { name: '确认接收' });
        await accept.waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await keepScreenshot(page, 'follow-confirm-375.png');
        await page.setViewportSize({ width: 1440, height: 900 });
        await accept.click();
        await page.getByText('邮箱已确认').waitFor();
        expect(page.url()).not.toContain(token);
        await page.getByRole('link', { name: '前往信用关注' }).click();
        await main.getByText(`提醒邮件将发送至 ${address}`, { exact: false }).waitFor();
        await keepScreenshot(page, 'follow-mail-confirmed-1440.png');
        await main.getByRole('switch', { name: '每日邮件提醒' }).click();
        await main.getByRole('button', { name: /保\s*存/ }).click();
        await page.getByText('已关闭邮件提醒').waitFor();

        await main.getByRole('button', { name: `取消关注${entity.EntName}` }).click();
        await followed.waitFor({ state: 'detached' });
        await main.getByText('暂未关注任何主体', { exact: false }).waitFor();

        // Back on the details, the button says so too.
        await page.goto(`${baseUrl}/#${withQuery(paths.searchDetails, { id: ENTITY_ID })}`);
        await expect
          .poll(() => page.getByRole('button', { name: '关注' }).getAttribute('aria-pressed'), { timeout: 30_000 })
          .toBe('false');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it(
    'shows 关注 with the company on a phone, without moving the page below the name',
    { timeout: 120_000 },
    async () => {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      try {
        const login = await context.newPage();
        await login.goto(`${baseUrl}/#${paths.passwordLogin}`);
        await login.getByLabel('手机号码').fill(DEMO.Mobile);
        await login.getByLabel('密码').fill(DEMO.Password);
        await login.getByRole('button', { name: /^登\s*录$/ }).click();
        await login.waitForURL(/#\/index/);
        await login.close();
        // The company's page opened in a tab of its own (a shared link), logged in: a slow phone's CPU
        // (Lighthouse's mobile preset), and every layout shift from the load on.
        const page = await context.newPage();
        await asSlowPhoneWatchingShifts(page);
        await page.goto(`${baseUrl}/#${withQuery(paths.searchDetails, { id: ENTITY_ID })}`);
        await page.getByRole('link', { name: /已关注 \d+\/\d+/ }).waitFor({ timeout: 30_000 });
        await page.getByRole('heading', { level: 2, name: '基本信息' }).waitFor();
        // The button used to come after the name, on a line of its own: the page below moved 44 px.
        expect(await layoutShifts(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
