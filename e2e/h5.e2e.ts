import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { H5_MESSAGES, maskIdNumber, maskName } from '@credit-portal/shared';
import { collectErrors, launchBrowser, openPage } from './browser.js';

/*
 * The H5 app on a 375 px phone with the H5 test mode on (global-setup): the login through the
 * face-verification stand-in and back (a one-time code, the tab's login kept on a
 * reload, not in a new tab, ended by 退出登录); the test login → the masked card and the entities
 * → an entity report by e-mail → the report page's sections → the PDF e-mail's checks and its sending;
 * the face-verification notice (at 1440 px too) and its consent before the hand-off; the report's
 * access list showing the view just made.
 */

const baseUrl = inject('baseUrl');
const PHONE = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};
/** The demo person of test mode (credit-service README). */
const DEMO = { name: '林晓云', idNumber: '350203198806150240' };

/** The phone width the walk of the H5 app's dead ends was made at. */
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };

let browser: Browser;
let phone: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  phone = await browser.newContext(PHONE);
});
afterAll(async () => {
  await phone?.close();
  await browser?.close();
});

/** The test login (test mode) of the demo person, from the login page: lands on /h5/gtxy with the entities. */
async function testLogin(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/#/h5/login`);
  await page.getByLabel('姓名').fill(DEMO.name);
  await page.getByLabel('身份证号').fill(DEMO.idNumber);
  await page.getByRole('button', { name: '测试登录', exact: true }).click();
  await page.waitForURL(/#\/h5\/gtxy$/);
  await page.getByRole('article').first().waitFor();
}

/** The face-verification notice's consent of its own, then the hand-off. */
async function agreeToFaceVerification(page: Page): Promise<void> {
  const notice = page.getByRole('region', { name: '人脸识别告知' });
  await notice.getByRole('checkbox').check();
  await notice.getByRole('button', { name: /同意并开始人脸识别/ }).click();
}

describe('the H5 app on a phone', () => {
  it('logs in through the face verification and back; a reload keeps it, a new tab needs a login, 退出登录 ends it', async () => {
    const page = await phone.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/#/h5/login`);
    await page.getByRole('button', { name: /^登\s*录$/ }).click();

    // The portal's own face-verification notice first; at 1440 px too, nothing wider than the window.
    const notice = page.getByRole('region', { name: '人脸识别告知' });
    await notice.getByText('本网站不保存任何人脸图像或视频', { exact: false }).waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await notice.getByRole('link', { name: '《个人信息处理规则》' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize(PHONE.viewport);
    await agreeToFaceVerification(page);

    // The stand-in: a demo that prints no ID number; the person confirms who they are.
    await page.waitForURL(/\/faceverify\?certToken=/);
    await page.getByText('演示环境').waitFor();
    expect(await page.content()).not.toContain(DEMO.idNumber);
    await page.getByLabel('姓名').fill(DEMO.name);
    await page.getByLabel('证件号码').fill(DEMO.idNumber);
    await page.getByLabel('本人同意进行人脸识别身份核验').check();
    await page.getByRole('button', { name: '开始人脸识别' }).click();

    // Back with a one-time code, which the page exchanges and takes out of the address.
    await page.waitForURL(/#\/h5\/gtxy$/);
    const card = page.getByRole('region', { name: '个人信息' });
    await card.getByText(maskName(DEMO.name)).waitFor();
    await card.getByText(maskIdNumber(DEMO.idNumber)).waitFor();
    const logout = page.getByRole('button', { name: /退出登录/ });
    const target = await logout.boundingBox();
    expect(target!.height).toBeGreaterThanOrEqual(44);

    // The home at 1440 px: the phone column, nothing wider than the window.
    await page.setViewportSize({ width: 1440, height: 900 });
    await card.getByText(maskName(DEMO.name)).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize(PHONE.viewport);

    // A reload of the tab keeps the login.
    await page.reload();
    await card.getByText(maskName(DEMO.name)).waitFor();

    // A new tab of the same browser does not share it: it asks for a login.
    const other = await phone.newPage();
    await other.goto(`${baseUrl}/#/h5/gtxy`);
    await other.waitForURL(/#\/h5\/login$/);
    await other.getByRole('button', { name: /^登\s*录$/ }).waitFor();
    await other.close();
    await page.bringToFront();

    // 退出登录: confirmed, then the login page; the home asks for a login again.
    await logout.click();
    const confirm = page.getByRole('dialog').filter({ hasText: '您确定要退出登录?' });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/#\/h5\/login$/);
    await page.getByText(H5_MESSAGES.loggedOut).waitFor();
    await page.getByRole('button', { name: /^登\s*录$/ }).waitFor();
    await page.goto(`${baseUrl}/#/h5/gtxy`);
    await page.waitForURL(/#\/h5\/login$/);
    await page.getByRole('button', { name: /^登\s*录$/ }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('logs in, e-mails an entity report, reads the report page and checks the PDF e-mail', async () => {
    const page = await phone.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/#/h5/login`);

    // Test login: both fields are required.
    await page.getByRole('button', { name: '测试登录', exact: true }).click();
    await page.getByText(H5_MESSAGES.testLoginEmpty).first().waitFor();
    await page.getByLabel('姓名').fill(DEMO.name);
    await page.getByLabel('身份证号').fill(DEMO.idNumber);
    await page.getByRole('button', { name: '测试登录', exact: true }).click();

    // The card, masked, and the entities.
    await page.waitForURL(/#\/h5\/gtxy$/);
    const card = page.getByRole('region', { name: '个人信息' });
    await card.getByText(maskName(DEMO.name)).waitFor();
    await card.getByText(maskIdNumber(DEMO.idNumber)).waitFor();
    await card.getByRole('link', { name: /个人信用报告/ }).waitFor();
    const first = page.getByRole('article').first();
    await first.waitFor();
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);

    // The entity report by e-mail: empty → the warning; an address → confirmed → sent.
    await first.getByRole('button', { name: '信用报告' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '发送信用报告' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText(H5_MESSAGES.entityEmailEmpty).waitFor();
    await dialog.getByLabel('邮箱地址').fill('lin.xiaoyun@example.cn');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '请确认邮箱地址' });
    await confirm.getByText('lin.xiaoyun@example.cn').waitFor();
    await confirm.getByRole('button', { name: /发\s*送/ }).click();
    await page.getByText(H5_MESSAGES.entityMailSent).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The report page: sections open and close on their titles.
    await page.goto(`${baseUrl}/#/h5/PersonCreditReport`);
    await page.getByRole('region', { name: '报告信息' }).waitFor();
    const security = page.getByRole('region', { name: '公安信息' });
    const toggle = security.getByRole('button', { name: /公安信息/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await security.getByText('户籍信息').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    await security.getByText('户籍信息').waitFor({ state: 'hidden' });

    // The PDF by e-mail: empty, a bad address, then sent.
    await page.getByRole('button', { name: /下载报告/ }).click();
    const mail = page.getByRole('dialog').filter({ hasText: '发送报告至邮箱' });
    await mail.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText(H5_MESSAGES.reportEmailEmpty).waitFor();
    await mail.getByLabel('邮箱地址').fill('lin.xiaoyun');
    await mail.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText(H5_MESSAGES.reportEmailInvalid).waitFor();
    await mail.getByLabel('邮箱地址').fill('lin.xiaoyun@example.cn');
    await mail.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText(H5_MESSAGES.reportMailSent).waitFor();
    await mail.waitFor({ state: 'hidden' });

    // Nothing wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.close();
  });
  it('shows who looked at the report: the view just made is on the access list', async () => {
    const page = await phone.newPage();
    const errors = collectErrors(page);
    // The personal report's login, by test mode: it lands on the report.
    await page.goto(`${baseUrl}/#/h5/PersonCreditReportLogin`);
    await page.getByLabel('姓名').fill(DEMO.name);
    await page.getByLabel('身份证号').fill(DEMO.idNumber);
    await page.getByRole('button', { name: '测试登录', exact: true }).click();
    await page.waitForURL(/#\/h5\/PersonCreditReport$/);
    const number = await page.getByRole('region', { name: '报告信息' }).locator('dd').first().textContent();

    await page.getByRole('link', { name: '查看报告访问记录' }).click();
    await page.waitForURL(/#\/h5\/PersonCreditReport\/access$/);
    const newest = page.getByRole('list', { name: '访问记录' }).getByRole('listitem').first();
    await newest.getByText('渠道：手机页面查看', { exact: false }).waitFor();
    await newest.getByText(`报告编号：${number!}`, { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the H5 app without dead ends, at 390 px', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext(PHONE_390);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('opens 查看详情 of an own entity inside the app, with no second login', async () => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await testLogin(page);
    const first = page.getByRole('article').first();
    const name = (await first.getAttribute('aria-label'))!;
    await first.getByRole('link', { name: '查看详情' }).click();

    await page.waitForURL(/#\/h5\/gtxy\/detail\?id=\d+$/);
    const card = page.getByRole('region', { name });
    await card.getByText('统一社会信用代码').waitFor();
    await page.getByRole('region', { name: /公示名单/ }).waitFor();
    await page.getByRole('region', { name: /行政处罚/ }).waitFor();
    // Neither the portal's login warning nor its QR login.
    expect(await page.getByText('登录失效，请重新登录').count()).toBe(0);
    expect(page.url()).not.toMatch(/grzx\/scancode|grzx\/userlogin/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // The way back is the app's own list.
    await page.getByRole('link', { name: /返回我的关联主体/ }).click();
    await page.waitForURL(/#\/h5\/gtxy$/);
    await page.getByRole('article').first().waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('leads 个人信用报告 to the readable report page with its download', async () => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await testLogin(page);
    await page
      .getByRole('region', { name: '个人信息' })
      .getByRole('link', { name: /个人信用报告/ })
      .click();
    await page.waitForURL(/#\/h5\/PersonCreditReport$/);
    await page.getByRole('region', { name: '报告信息' }).waitFor();
    await page.getByRole('region', { name: '公安信息' }).waitFor();
    await page.getByRole('button', { name: /下载报告/ }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '发送报告至邮箱' })
      .getByRole('button', { name: /直接下载 PDF/ })
      .waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('explains a used report link in Chinese and offers the way back to the report page', async () => {
    const page = await context.newPage();
    await testLogin(page);
    await page.goto(`${baseUrl}/#/h5/PersonCreditReport`);
    await page.getByRole('region', { name: '报告信息' }).waitFor();
    await page.getByRole('button', { name: /下载报告/ }).click();
    // The report opens in the tab at its one-time address: the full browser shows the PDF there,
    // the headless shell (e2e/browser.ts) downloads it. The address asked for again is refused.
    const downloaded = page.waitForEvent('download');
    await page
      .getByRole('dialog')
      .filter({ hasText: '发送报告至邮箱' })
      .getByRole('button', { name: /直接下载 PDF/ })
      .click();
    const address = await Promise.any([
      downloaded.then((download) => download.url()),
      page.waitForURL(/\/grxy\/report\?token=/).then(() => page.url()),
    ]);
    expect(address).toMatch(/\/grxy\/report\?token=/);
    const answer = await page.goto(address);
    expect(answer?.status()).toBe(410);
    await page.getByRole('heading', { name: '报告链接已失效' }).waitFor();
    await page.getByText('该报告下载链接已使用或已过期').waitFor();
    expect(await page.content()).not.toContain('unauthorized');
    await page.getByRole('link', { name: '返回个人信用报告' }).click();
    await page.waitForURL(/#\/h5\/PersonCreditReport$/);
    await page.getByRole('region', { name: '报告信息' }).waitFor();
    await page.close();
  });

  it('returns Back after the face-verified login to the page before it, not to the spent verification link', async () => {
    // A browser with no H5 login yet (the other tests' test logins stay in their context's storage).
    const fresh = await browser.newContext(PHONE_390);
    const page = await openPage(fresh, baseUrl, '/index');
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/#/h5/gtxy`);
    await page.waitForURL(/#\/h5\/login$/);
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await agreeToFaceVerification(page);
    await page.waitForURL(/\/faceverify\?certToken=/);
    await page.getByLabel('姓名').fill(DEMO.name);
    await page.getByLabel('证件号码').fill(DEMO.idNumber);
    await page.getByLabel('本人同意进行人脸识别身份核验').check();
    await page.getByRole('button', { name: '开始人脸识别' }).click();
    await page.waitForURL(/#\/h5\/gtxy$/);
    await page.getByRole('region', { name: '个人信息' }).getByText(maskName(DEMO.name)).waitFor();

    await page.goBack();
    await page.waitForURL(/#\/index$/);
    expect(await page.getByText(H5_MESSAGES.linkExpired).count()).toBe(0);
    expect(page.url()).not.toContain('faceverify');
    expect(errors).toEqual([]);
    await fresh.close();
  });
});
