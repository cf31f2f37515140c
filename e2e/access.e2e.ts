/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  API_PATHS,
  LOGIN_REQUIRED_MESSAGE,
  type DistrictSummary,
  type EntitySearchResult,
  type LoginResult,
  type NoticePage,
} from '@credit-portal/shared';
import { paths } from '../packages/web/src/lib/paths.js';
import { api, inPages, keepScreenshot, launchBrowser, openPage, PAGE_TIMEOUT, settle, showRoute } from './browser.js';
import { KEYWORD, axeViolations, boxOf, openContext, sidewaysOverflow, type Mode } from './access-support.js';

/*
 * In a real browser: axe-core finds no serious or critical WCAG 2.1 AA violation on
 * the key pages at 1440 and 375 px, in normal and 长者模式 (with E2E_SCREENSHOTS=1, screenshots of each under
 * .tmp/screenshots); the keyboard alone gets from the header search to a result's details; no
 * page scrolls sideways at 320 px and the defects found at 375 px are gone; a record that does
 * not exist offers a way back, not a retry. 长者模式, the large cursor and 读屏: access-tools.e2e.ts.
 */

const baseUrl = inject('baseUrl');
/** An entity on a public list (经营异常名录): its details page shows the list's solid tag. */
const LISTED_ENTITY = '德光进出口';
const DEMO = { Mobile: '13900000000', Password: 'Yunzhou2026' };

let browser: Browser;
/** The key pages: name → route with a real query. */
let keyPages: [string, string][];
/** The demo account's login: the key pages are seen as a logged-in resident sees them. */
let login: LoginResult;

beforeAll(async () => {
  browser = await launchBrowser();
  const [entity] = await api<EntitySearchResult[]>(baseUrl, API_PATHS.entitySearch, {
    EntNameOrCreditCode: LISTED_ENTITY,
  });
  login = await api<LoginResult>(baseUrl, API_PATHS.login, DEMO);
  const [district] = await api<DistrictSummary[]>(baseUrl, API_PATHS.districtList);
  keyPages = [
    ['home', paths.home],
    ['search-list', `${paths.searchList}?searchKey=${encodeURIComponent(KEYWORD)}`],
    ['entity-details', `${paths.searchDetails}?id=${entity!.ID}`],
    ['disclosure-list', `${paths.doubleDisclosure}?currentTab=1`],
    [
      'district',
      `${paths.areaDetails}?recordId=${district!.recordId}&categoryId=${district!.categoryId}&cmsBaseId=${district!.cmsBaseId}`,
    ],
    ['services', paths.services],
    ['h5-home', paths.h5Home],
  ];
});

afterAll(async () => {
  await browser?.close();
});

describe('axe-core on the key pages', () => {
  const runs: [number, Mode][] = [
    [1440, 'normal'],
    [1440, 'elder'],
    [375, 'normal'],
    [375, 'elder'],
  ];
  // One width and mode at a time, in one page: three runs side by side (six pages, beside the
  // other browser file) took over two minutes each on a busy machine. The page starts the SPA
  // (and axe-core) once and shows the key pages one after another inside it: a new page and a
  // start of the SPA cost more than the route itself. 长者模式 is on from the SPA's start (a
  // different theme and layout, not a class on the same page).
  it.each(runs)(
    'finds no serious or critical violation at %i px (%s) (a screenshot of each page with E2E_SCREENSHOTS=1)',
    async (width, mode) => {
      const findings = await inPages(
        () => openContext(browser, width, mode, login),
        baseUrl,
        keyPages,
        1,
        ([, route]) => route,
        async (page, [name]) => {
          // The details themselves, not a login prompt: the entity's list entry with its tags.
          if (name === 'entity-details') {
            await page
              .getByRole('region', { name: /公示名单/ })
              .getByText('经营异常名录')
              .first()
              .waitFor();
          }
          await keepScreenshot(page, `${name}-${width}-${mode}.png`);
          const violations = await axeViolations(page);
          const elder = await page.evaluate(() => document.documentElement.classList.contains('elder-mode'));
          return { name, elder, violations };
        },
      );
      for (const finding of findings) expect(finding.elder, finding.name).toBe(mode === 'elder');
      expect(findings.filter((finding) => finding.violations.length > 0)).toEqual([]);
    },
    240_000,
  );
});

/** Presses Tab until the focused element matches the selector, at most `limit` times; false when it never does. */
async function tabTo(page: Page, selector: string, limit = 60): Promise<boolean> {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return true;
  }
  return false;
}

/**
 * The focused element's outline (a text field's: its antd wrapper's): a visible focus ring is
 * at least 2 px and not 'none'.
 */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement!;
    const style = getComputedStyle(focused.closest('.ant-input-affix-wrapper') ?? focused);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });

describe('keyboard only', () => {
  it('skips to the content, searches from the header, opens a result and reaches the login prompt', async () => {
    const context = await openContext(browser, 1440, 'normal');
    const page = await openPage(context, baseUrl, paths.newsList);

    // The first Tab stop is the skip link; it shows itself and moves focus into <main>.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('跳到主要内容');
    const skip = await page.evaluate(() => document.activeElement!.getBoundingClientRect().top);
    expect(skip).toBeGreaterThanOrEqual(0);
    expect((await focusRing(page)).style).not.toBe('none');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // From the top: Tab to the header search box, type, Enter.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await tabTo(page, 'form[role="search"][aria-label="信用主体查询"] input')).toBe(true);
    const ring = await focusRing(page);
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await page.keyboard.type(KEYWORD);
    // What the person sees before pressing Enter: the keyword in the focused search box (a run on
    // a loaded machine once timed out waiting for the list's address; this says where it stopped).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const focused = document.activeElement;
          return focused instanceof HTMLInputElement ? focused.value : `focus on <${focused?.tagName ?? 'none'}>`;
        }),
      )
      .toBe(KEYWORD);
    await page.keyboard.press('Enter');
    // The list of the keyword, as the person sees it: its own box shows the keyword. (Not the
    // address: spec §4 has the route guard drop the query from it at once, and waiting for the
    // address with searchKey missed that short moment now and then on a busy machine.)
    await page.waitForURL(/#\/xyfw\/search(\?|$)/);
    const listBox = page.getByRole('search', { name: '页内查询' }).getByRole('textbox');
    await expect.poll(() => listBox.inputValue(), { timeout: PAGE_TIMEOUT }).toBe(KEYWORD);
    await settle(page);

    // Tab to the first result, with a visible focus ring, and open it with Enter.
    expect(await tabTo(page, 'a[href*="/xyfw/search/details?id="]')).toBe(true);
    const resultRing = await focusRing(page);
    expect(resultRing.style).not.toBe('none');
    expect(resultRing.width).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Enter');

    // An anonymous visitor is asked to log in (the QR-code login page, with the warning).
    await page.waitForURL(/#\/grzx\/scancode/);
    await page.getByText(LOGIN_REQUIRED_MESSAGE).waitFor();
    await page.getByRole('heading', { name: '扫码登录' }).waitFor({ state: 'attached' });
    await context.close();
  });
});
describe('phone layouts', () => {
  it('do not scroll sideways at 320 px', async () => {
    const routes = [
      ...keyPages.map(([, route]) => route),
      paths.interaction,
      paths.searchMore,
      paths.passwordLogin,
      paths.scanLogin,
    ];
    // One page, the SPA started once: each route shown inside it.
    const overflows = await inPages(
      () => openContext(browser, 320, 'normal'),
      baseUrl,
      routes,
      1,
      (route) => route,
      async (page, route) => ({ route, overflow: await sidewaysOverflow(page) }),
    );
    expect(overflows.filter((entry) => entry.overflow > 0)).toEqual([]);
  }, 240_000);

  it('fix the defects found at 375 px', async () => {
    const context = await openContext(browser, 375, 'normal');

    // One page, the SPA started once at the home page; the other pages shown inside it.
    const page = await openPage(context, baseUrl, paths.home);

    // The home banner's site name and slogan are real, readable text.
    const heroSizes = await page
      .locator('section[aria-label="首页横幅"] p')
      .evaluateAll((texts) => texts.map((text) => parseFloat(getComputedStyle(text).fontSize)));
    expect(heroSizes.length).toBe(2);
    expect(Math.min(...heroSizes)).toBeGreaterThanOrEqual(16);
    expect(await page.locator('.ant-carousel').count()).toBe(0);
    // 更多 is a 44 × 44 px target.
    const more = await boxOf(page, 'main a[aria-label$="：更多"]');
    expect(more!.width).toBeGreaterThanOrEqual(44);
    expect(more!.height).toBeGreaterThanOrEqual(44);

    // The pager keeps previous and next on one line, with 44 px arrows.
    await showRoute(page, baseUrl, `${paths.searchList}?searchKey=${encodeURIComponent(KEYWORD)}`);
    const prev = await page.locator('.ant-pagination-prev').boundingBox();
    const next = await page.locator('.ant-pagination-next').boundingBox();
    expect(Math.abs(prev!.y - next!.y)).toBeLessThan(2);
    expect(next!.height).toBeGreaterThanOrEqual(44);
    await page.locator('.ant-pagination').scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'phone-search-pager-375.png');
    // The inert in-page search box says where to search.
    await page.getByText('请使用页面顶部的搜索框').waitFor();

    // A strip that scrolls shows that it does.
    await showRoute(page, baseUrl, paths.interaction);
    expect(await page.locator('nav[aria-label="互动交流栏目"] [data-scroll-hint="after"]').isVisible()).toBe(true);
    await keepScreenshot(page, 'phone-interaction-375.png');
    await showRoute(page, baseUrl, paths.searchMore);
    const hint = await page
      .locator('.ant-tabs-nav-wrap')
      .first()
      .evaluate((wrap) => ({
        ping: wrap.className.includes('ping-right'),
        content: getComputedStyle(wrap, '::after').content,
      }));
    expect(hint).toEqual({ ping: true, content: '"›"' });
    await keepScreenshot(page, 'phone-search-more-375.png');

    // The password eye and the QR page's copy icon are 44 px targets.
    await showRoute(page, baseUrl, paths.passwordLogin);
    const eye = await boxOf(page, '.ant-input-password-icon');
    expect(Math.min(eye!.width, eye!.height)).toBeGreaterThanOrEqual(44);
    await showRoute(page, baseUrl, paths.scanLogin);
    await page.getByText('手机无法扫码').click();
    const copy = await boxOf(page, '.ant-typography-copy');
    expect(Math.min(copy!.width, copy!.height)).toBeGreaterThanOrEqual(44);
    await context.close();
  }, 240_000);
});

describe('not-found states', () => {
  it('say the record was not found and offer a way back, not a retry', async () => {
    const permits = await api<NoticePage>(baseUrl, `${API_PATHS.permitPublicity}?pageIndex=1&pageSize=1`);
    expect(permits.list.length).toBe(1);
    const routes = [
      `${paths.newsDetails}?id=999999999`,
      `${paths.licenceDetails}?id=999999999`,
      `${paths.penaltyDetails}?id=999999999`,
      `${paths.interactionDetail}?id=999999999`,
      `${paths.bankruptcyDetails}?id=999999999`,
      `${paths.promiseDetail}?id=999999999`,
    ];
    // One page, the SPA started once: each route shown inside it.
    const states = await inPages(
      () => openContext(browser, 1440, 'normal'),
      baseUrl,
      routes,
      1,
      (route) => route,
      async (page, route) => ({
        route,
        notFound: /未找到|不存在/.test(await page.locator('main').innerText()),
        retry: await page.getByRole('button', { name: /重\s*试/ }).count(),
        wayBack:
          (await page.getByRole('link', { name: /返\s*回/ }).count()) +
          (await page.getByRole('button', { name: /返\s*回/ }).count()),
      }),
    );
    expect(states.filter((state) => !state.notFound || state.retry > 0 || state.wayBack === 0)).toEqual([]);
  }, 240_000);
});
