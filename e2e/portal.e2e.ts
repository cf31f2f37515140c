/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, inject, it, type ExpectStatic } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  API_PATHS,
  CONTENT_SECTIONS,
  decodeVisitLogMessage,
  type ContentListItem,
  type ContentPage,
  type DistrictSummary,
  type ImageLink,
  type InteractionPage,
  type NoticePage,
  type RuntimeConfig,
} from '@credit-portal/shared';
import { paths } from '../packages/web/src/lib/paths.js';
import { api, collectErrors, keepScreenshot, launchBrowser, PagePool, POLL_MS } from './browser.js';

/*
 * The main portal in a real browser, against the built product: every route of the table
 * opens without a console error and without a blank page (at 1440 px; the portal's own pages
 * at 375 px too), the reading book turns its pages, the warning dialog guards leaving the
 * site, an article's script never runs, visits reach the gateway, and phones get the phone
 * lending page. The route table names every path in the SPA's paths module, which is what is
 * iterated here (a unit test checks that no row is missing from it).
 *
 * The route sweep, and the tests before it that need no context of their own, navigate a few
 * pages of each width inside the running SPA (e2e/browser.ts: PagePool) instead of starting the
 * SPA afresh for every route. Key pages are saved as screenshots at both widths in
 * .tmp/screenshots/ with E2E_SCREENSHOTS=1 (for a person to look at, not compared). The sweep also holds the checks of
 * the main pages of 信用服务 (their heading, as wide as the screen at both widths), which it
 * visits anyway: services.e2e.ts walks the section's flows.
 */

const baseUrl = inject('baseUrl');
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let browser: Browser;
let desktop: BrowserContext;
let desktopPages: PagePool;
let phonePages: PagePool;
let config: RuntimeConfig;
/** Pages of each width the route sweep visits side by side (e2e/vitest.config.ts: maxConcurrency). */
const POOL_SIZE = 2;
/** A real query for each path that needs one (details pages, the reading book, a district). */
const samples = new Map<string, string>();

const firstInternal = async (categoryId: string): Promise<ContentListItem> => {
  const page = await api<ContentPage>(baseUrl, API_PATHS.contentList, { categoryId, pageIndex: 1, pageSize: 20 });
  const item = page.list.find((entry) => entry.is_url === '0');
  if (!item) throw new Error(`栏目 ${categoryId} 没有站内文章`);
  return item;
};

beforeAll(async () => {
  browser = await launchBrowser();
  const newDesktop = () => browser.newContext({ viewport: { width: 1440, height: 900 } });
  const newPhone = () =>
    browser.newContext({ viewport: { width: 375, height: 812 }, userAgent: IPHONE, isMobile: true });
  desktop = await newDesktop();
  // The pools start the SPA at a light page (the sweep visits the home page like any other).
  [desktopPages, phonePages] = await Promise.all([
    PagePool.open(newDesktop, POOL_SIZE, `${baseUrl}/#${paths.notFound}`),
    PagePool.open(newPhone, POOL_SIZE, `${baseUrl}/#${paths.notFound}`),
  ]);
  config = await api<RuntimeConfig>(baseUrl, '/runtime-config');

  const byCategory: [string, keyof typeof CONTENT_SECTIONS][] = [
    [paths.newsDetails, 'news'],
    [paths.noticeDetails, 'notices'],
    [paths.riskWarningDetails, 'riskWarnings'],
    [paths.specialGovernanceDetails, 'specialGovernance'],
    [paths.integrityPublicityDetails, 'integrityPublicity'],
    [paths.integrityJourneyDetails, 'integrityJourney'],
    [paths.newsArticle, 'news'],
    [paths.policyDetails, 'policy'],
    [paths.legislationDetails, 'legislation'],
    [paths.interpretationDetails, 'interpretation'],
    [paths.policyArticle, 'policy'],
    [paths.governmentVoiceDetails, 'governmentVoice'],
    [paths.regionalCreditDetails, 'regionalCredit'],
    [paths.topicDetails, 'specialGovernance'],
    [paths.jointRewardPunishmentDetails, 'jointRewardPunishment'],
  ];
  for (const [path, section] of byCategory) {
    samples.set(path, `?id=${(await firstInternal(CONTENT_SECTIONS[section].categoryId)).record_id}`);
  }
  const message = await api<InteractionPage>(baseUrl, API_PATHS.interactionList, { pageIndex: 1, pageSize: 1 });
  samples.set(paths.interactionDetail, `?id=${message.list[0]!.id}`);
  const [book] = await api<ImageLink[]>(baseUrl, API_PATHS.imageLinkList, {
    categoryId: CONTENT_SECTIONS.flipbooks.categoryId,
  });
  samples.set(paths.flipbook, `?record_id=${book!.record_id}`);
  const [district] = await api<DistrictSummary[]>(baseUrl, API_PATHS.districtList);
  samples.set(
    paths.areaDetails,
    `?recordId=${district!.recordId}&categoryId=${district!.categoryId}&cmsBaseId=${district!.cmsBaseId}`,
  );
  samples.set(paths.categoryList, `?id=${CONTENT_SECTIONS.caseList.categoryId}`);
  samples.set(paths.articleSearch, '?keyword=信用');
  samples.set(paths.interactionSearch, '?keyword=信用');
  samples.set(paths.searchList, '?searchKey=科技');
  const permits = await api<NoticePage>(baseUrl, `${API_PATHS.permitPublicity}?pageIndex=1&pageSize=1`);
  samples.set(
    paths.licenceDetails,
    `?id=${permits.list[0]!.RecordId}&title=${encodeURIComponent(permits.list[0]!.EntName)}`,
  );
  const bankruptcies = await api<{ list: { id: string }[] }>(baseUrl, `${API_PATHS.bankruptcyList}?pageSize=1`);
  samples.set(paths.bankruptcyDetails, `?id=${bankruptcies.list[0]!.id}`);
  const promises = await api<{ list: { ID: string }[] }>(baseUrl, `${API_PATHS.promiseList}?pageSize=1`);
  samples.set(paths.promiseDetail, `?id=${promises.list[0]!.ID}`);
  const checks = await api<{ list: { id: string }[] }>(baseUrl, `${API_PATHS.promiseFulfilmentList}?pageSize=1`);
  samples.set(paths.fulfilmentDetail, `?id=${checks.list[0]!.id}`);
  const penalties = await api<NoticePage>(baseUrl, `${API_PATHS.punishPublicity}?pageIndex=1&pageSize=1`);
  samples.set(
    paths.penaltyDetails,
    `?id=${penalties.list[0]!.RecordId}&title=${encodeURIComponent(penalties.list[0]!.EntName)}`,
  );
});

afterAll(async () => {
  await Promise.all([desktopPages?.close(), phonePages?.close()]);
  await browser?.close();
});

/** The query a path is opened with: its sample, else an id for any other details page. */
const queryOf = (path: string): string => samples.get(path) ?? (/details?$/i.test(path) ? '?id=1' : '');

// Run in the page (the gateway's CSP forbids string evaluation): no loading skeleton is left.
const NOTHING_LOADING = () => document.querySelectorAll('[aria-busy="true"]').length === 0;
// …and the page shows something (a redirect may still be loading its target).
const SETTLED = () =>
  document.querySelectorAll('[aria-busy="true"]').length === 0 &&
  (document.getElementById('root')?.innerText.trim().length ?? 0) > 0;

/**
 * Visits a path in a pooled page, inside the running SPA (a change of the address's hash, as a
 * link does), and waits until it has settled: the route guard has set the page's title and
 * nothing is loading. The title is cleared first, so that the previous page's does not count.
 */
async function visit(page: Page, path: string): Promise<void> {
  const target = `${baseUrl}/#${path}${queryOf(path)}`;
  await page.evaluate(() => {
    document.title = '';
  });
  // The same address again (a redirect of the last visit led here) is no navigation: reload it.
  if (page.url() === target) await page.reload();
  else await page.goto(target);
  // Waited for in the page, not with expect.poll: the every-route tests run concurrently, and a
  // global expect belongs to whichever test ran last.
  await page.waitForFunction((siteName) => document.title.includes(siteName), config.siteName, { polling: POLL_MS });
  await page.waitForFunction(SETTLED, null, { polling: POLL_MS });
}

/** Pages kept as screenshots at both widths: the pages the access checks look at. */
const SCREENSHOT_PATHS: ReadonlySet<string> = new Set([
  paths.home,
  paths.searchList,
  paths.doubleDisclosure,
  paths.areaDetails,
  paths.creditReport,
  paths.creditRepairSearch,
  paths.h5Home,
]);

async function screenshot(page: Page, path: string, width: number): Promise<void> {
  if (!SCREENSHOT_PATHS.has(path)) return;
  const name = `${path.replace(/^\//, '').replace(/[^A-Za-z0-9]+/g, '-') || 'root'}-${width}.png`;
  await keepScreenshot(page, name, true);
}

/** The portal's own pages (this file's concern): they must open as themselves, not as /404. */
const PORTAL_PATHS: readonly string[] = [
  paths.home,
  paths.webMap,
  paths.centreIntro,
  paths.governmentVoice,
  paths.governmentVoiceDetails,
  paths.construction,
  paths.topicDetails,
  paths.regionalCredit,
  paths.regionalCreditDetails,
  paths.articleSearch,
  paths.categoryList,
  paths.office,
  paths.news,
  paths.newsList,
  paths.newsDetails,
  paths.notices,
  paths.noticeDetails,
  paths.riskWarnings,
  paths.riskWarningDetails,
  paths.specialGovernance,
  paths.specialGovernanceDetails,
  paths.integrityPublicity,
  paths.integrityPublicityDetails,
  paths.integrityJourney,
  paths.integrityJourneyDetails,
  paths.newsArticle,
  paths.policy,
  paths.policyList,
  paths.policyDetails,
  paths.legislation,
  paths.legislationDetails,
  paths.interpretation,
  paths.interpretationDetails,
  paths.policyArticle,
  paths.interaction,
  paths.interactionHome,
  paths.interactionStatistics,
  paths.interactionStatisticsDetail,
  paths.interactionSearch,
  paths.interactionList,
  paths.interactionDetail,
  paths.jointRewardPunishment,
  paths.jointRewardPunishmentList,
  paths.jointRewardPunishmentDetails,
  paths.annualReports,
  paths.annualReport2022,
  paths.annualReport2023,
  paths.annualReport2024,
  paths.organisation,
  paths.personalCredit,
  paths.flipbook,
  paths.areaDetails,
  paths.lending,
  paths.mobileGuide,
];

/**
 * The main pages of 信用服务 (services.e2e.ts walks their flows): each shows its heading and is
 * as wide as the screen at 1440 and 375 px.
 */
const SERVICE_PAGES: readonly string[] = [
  paths.services,
  paths.creditRepair,
  paths.creditRepairSearch,
  paths.creditObjection,
  paths.creditObjectionSearch,
  paths.creditReport,
  paths.specialReport,
  paths.specialReportExplain,
  paths.reportVerify,
  paths.publicCheck,
];

/** Every route string of the SPA but the root, which only redirects. */
/** H5 pages that need a verified person; without one they lead to /h5/login (spec §4). */
const NEEDS_H5_PERSON: readonly string[] = [paths.h5Home, paths.h5Report, paths.h5Entity];

const ALL_PATHS = [...new Set<string>(Object.values(paths))].filter((path) => path !== paths.root);

describe('the portal in the browser', () => {
  it('the reading book turns its pages by button and by arrow key', async () => {
    await desktopPages.use(async ({ page, errors }) => {
      await visit(page, paths.flipbook);
      const counter = page.locator('p[aria-live="polite"]');
      await expect.poll(() => counter.textContent()).toMatch(/第 1 页 \/ 共 \d+ 页/);
      await page.getByRole('button', { name: /下一页/ }).click();
      await expect.poll(() => counter.textContent()).toMatch(/第 2–3 页/);
      // The book takes no turn while one is still moving (600 ms, longer on a busy machine): press
      // again, a second apart, for as long as it still shows pages 2–3.
      await expect
        .poll(
          async () => {
            if ((await counter.textContent())?.includes('第 2–3 页')) await page.keyboard.press('ArrowRight');
            return counter.textContent();
          },
          { interval: 1_000, timeout: 20_000 },
        )
        .toMatch(/第 4–5 页/);
      await expect
        .poll(
          async () => {
            if ((await counter.textContent())?.includes('第 4–5 页'))
              await page.getByRole('button', { name: /上一页/ }).click();
            return counter.textContent();
          },
          { interval: 1_000, timeout: 20_000 },
        )
        .toMatch(/第 2–3 页/);
      expect(errors).toEqual([]);
    });
  });

  it('the warning dialog guards leaving the site: 取消 stays, 确定 opens the address in a new tab', async () => {
    // An external item of the policy list and the page it is on.
    const all = await api<ContentPage>(baseUrl, API_PATHS.contentList, {
      categoryId: CONTENT_SECTIONS.policy.categoryId,
      pageIndex: 1,
      pageSize: 100,
    });
    const index = all.list.findIndex((item) => item.is_url === '1');
    expect(index).toBeGreaterThanOrEqual(0);
    const item = all.list[index]!;
    const pageNo = Math.floor(index / 8) + 1;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // The machine has no internet: the opened tab gets a stand-in answer.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>外部网站</title>' }),
    );
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/#${paths.policyList}?page=${pageNo}`);
    const title = page.getByRole('button', { name: item.content_title });
    await title.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(item.url);
    expect(await dialog.textContent()).toContain(config.siteName);
    let opened = 0;
    context.on('page', () => (opened += 1));
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(opened).toBe(0);
    expect(page.url()).toContain(`${paths.policyList}?page=${pageNo}`);

    // Open again, and see the dialog before pressing 确定 (a loaded run once timed out waiting for
    // the new tab without saying whether the dialog had come back).
    await title.click();
    await dialog.waitFor();
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: /确\s*定/ }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(item.url);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a script or an onerror handler in an article never runs', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await page.route(`**${API_PATHS.contentDetail}`, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          ok: true,
          code: 200,
          message: 'ok',
          data: {
            record_id: '1',
            content_title: '带有恶意代码的文章',
            category_id: CONTENT_SECTIONS.policy.categoryId,
            content:
              '<p>正文</p><script>window.__xss = 1; alert(1)</script><img src="/no-such.png" onerror="window.__xss = 2; alert(2)">' +
              '<p onmouseover="window.__xss = 3">段落</p><a href="javascript:alert(4)">链接</a>',
            author: '测试',
            source: '测试',
            release_date: '2026-01-01',
            is_url: '0',
            url: '',
          },
        }),
      }),
    );
    await page.goto(`${baseUrl}/#${paths.policyArticle}?id=1`);
    await page.getByRole('heading', { level: 1, name: '带有恶意代码的文章' }).waitFor();
    await page.getByText('段落').hover();
    await page.getByText('链接').click();
    // The broken image has had its chance to fail and call its handler.
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    expect(await page.evaluate(() => (window as Window & { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toBe(0);
    await context.close();
  });

  it('each navigation is logged and accepted by the gateway', async () => {
    await desktopPages.use(async ({ page }) => {
      // A batch that names this navigation (the page has navigated before: an earlier batch does not count).
      const names = (body: string | null) => {
        try {
          const { message } = JSON.parse(body ?? '') as { message: string };
          const { messages } = decodeVisitLogMessage(message) as { messages: { param: string }[] };
          return messages.some((entry) => entry.param.startsWith(paths.interactionStatistics));
        } catch {
          return false;
        }
      };
      // Sent by whichever tab of the context gets to it first (its tabs share one queue).
      const accepted = page.context().waitForEvent('response', {
        predicate: (response) =>
          response.url().endsWith(API_PATHS.visitLog) &&
          response.status() === 202 &&
          names(response.request().postData()),
      });
      await page.goto(`${baseUrl}/#${paths.interactionStatistics}`);
      await accepted;
    });
  });

  it('a phone opening /xyd gets /xyd/mobile; a desktop opening /xyd/mobile gets /xyd', async () => {
    await phonePages.use(async ({ page: onPhone }) => {
      await onPhone.goto(`${baseUrl}/#${paths.lending}`);
      await onPhone.waitForURL(new RegExp(`#${paths.lendingMobile}$`));
      await onPhone.getByRole('heading', { level: 1, name: '信易贷（手机版）' }).waitFor();
    });
    await desktopPages.use(async ({ page: onDesktop }) => {
      await onDesktop.goto(`${baseUrl}/#${paths.lendingMobile}`);
      await onDesktop.waitForURL(new RegExp(`#${paths.lending}$`));
    });
  });

  it('every menu item leads to a page', async () => {
    const page = await desktop.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/#${paths.home}`);
    const menu = page.getByRole('navigation', { name: '主导航' });
    await menu.getByRole('link').first().waitFor();
    const labels = await menu.getByRole('link').allTextContents();
    expect(labels.length).toBeGreaterThan(5);
    for (const label of labels) {
      await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: label, exact: true }).click();
      await expect.poll(() => page.title()).not.toContain('页面未找到');
      await page.waitForFunction(NOTHING_LOADING, null, { polling: POLL_MS });
      expect((await page.locator('#root').innerText()).replace(/\s+/g, '').length, label).toBeGreaterThan(40);
      if (!(await menu.isVisible())) await page.goto(`${baseUrl}/#${paths.home}`);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});

// A few pages at a time (e2e/vitest.config.ts: maxConcurrency): most of a page's time is waiting.
describe('every route of the table', () => {
  /** Visits a path of the sweep: the page must show itself, a main landmark and no console error. */
  async function sweep(pool: PagePool, path: string, width: number, expect: ExpectStatic): Promise<void> {
    await pool.use(async ({ page, errors }) => {
      await visit(page, path);
      if (NEEDS_H5_PERSON.includes(path)) {
        // Nobody is logged in to the H5 app here: these pages send the visitor to its login.
        await page.waitForURL(new RegExp(`#${paths.h5Login}$`));
        await page.waitForFunction(SETTLED, null, { polling: POLL_MS });
        await page.getByText('登录须知').first().waitFor();
      }
      const text = (await page.locator('#root').innerText()).replace(/\s+/g, '');
      expect(text.length, `${path} is blank`).toBeGreaterThan(10);
      expect(await page.locator('main').count(), `${path} has no main landmark`).toBeGreaterThan(0);
      if (PORTAL_PATHS.includes(path)) {
        const title = await page.title();
        expect(title).not.toContain('页面未找到');
        // The route's title, and its breadcrumb (首页 first, the route's own step last and current);
        // the home page has none. Which title and trail each row has: packages/web/test/app/routes.test.ts;
        // that the guard sets it: route-guard.test.tsx.
        expect(title.startsWith(`${config.siteName} - `), `${path}: ${title}`).toBe(true);
        if (path !== paths.home && width >= 768) {
          const trail = page.getByRole('navigation', { name: '当前位置' });
          expect(await trail.getByRole('link', { name: '首页' }).getAttribute('href'), path).toBe(`#${paths.home}`);
          expect((await trail.locator('[aria-current="page"]').innerText()).trim(), path).not.toBe('');
        }
        // Nothing sticks out sideways on a phone (the other sections check their own pages).
        if (width < 768) {
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        }
      }
      if (SERVICE_PAGES.includes(path)) {
        await page.locator('h1').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      }
      expect(errors, path).toEqual([]);
      await screenshot(page, path, width);
    });
  }

  it.concurrent.for(ALL_PATHS)(
    '%s opens at 1440 px without a console error or a blank page',
    async (path, { expect }) => {
      await sweep(desktopPages, path, 1440, expect);
    },
  );

  it.concurrent.for(PORTAL_PATHS)(
    '%s opens at 375 px without a console error, as wide as the screen',
    async (path, { expect }) => {
      await sweep(phonePages, path, 375, expect);
    },
  );

  // The key pages of other sections at 375 px, for their screenshots (their files check their width).
  it.concurrent.for([...SCREENSHOT_PATHS].filter((path) => !PORTAL_PATHS.includes(path)))(
    '%s opens at 375 px without a console error (and its screenshot with E2E_SCREENSHOTS=1)',
    async (path, { expect }) => {
      await sweep(phonePages, path, 375, expect);
    },
  );

  // The other main pages of 信用服务 at 375 px (their heading, as wide as the screen).
  it.concurrent.for(SERVICE_PAGES.filter((path) => !PORTAL_PATHS.includes(path) && !SCREENSHOT_PATHS.has(path)))(
    '%s opens at 375 px without a console error, as wide as the screen',
    async (path, { expect }) => {
      await sweep(phonePages, path, 375, expect);
    },
  );
});
