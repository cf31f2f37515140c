import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_PATHS, GATEWAY_PATHS, type RuntimeConfig } from '@credit-portal/shared';
import { paths } from '../packages/web/src/lib/paths.js';
import {
  api,
  asSlowPhoneWatchingShifts,
  collectErrors,
  launchBrowser,
  layoutShifts,
  openPage,
  showRoute,
} from './browser.js';

/*
 * The pre-rendered frames (packages/web/src/prerender/): the gateway's page carries the
 * runtime configuration and the frames of the home page and the H5 app; public/frame.js puts the
 * one that fits into #root before the app's modules run, and the app hydrates it — the frame's
 * elements stay, and no hydration error reaches the console.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let config: RuntimeConfig;

beforeAll(async () => {
  browser = await launchBrowser();
  config = await api<RuntimeConfig>(baseUrl, GATEWAY_PATHS.runtimeConfig);
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Keeps, the moment frame.js has put the frame into #root (before any module runs), the frame's
 * landmarks and controls: the header, the menu, the search box, the accessibility tools, and a
 * pre-rendered page's heading.
 */
async function keepFrameElements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const kept: Element[] = [];
    Object.assign(window, { frameElements: kept });
    const observer = new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root?.hasAttribute('data-frame')) return;
      kept.push(...root.querySelectorAll('header, nav, input, [role="group"], [role="switch"], h1'));
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-frame'] });
  });
}

/** How many of the kept frame elements are still in the document (all, when hydration kept them). */
const frameElementsLeft = (page: Page) =>
  page.evaluate(() => {
    const kept = (window as unknown as { frameElements: Element[] }).frameElements;
    return { kept: kept.length, connected: kept.filter((element) => element.isConnected).length };
  });

describe('the pre-rendered frames', () => {
  it('come with the page, with the runtime configuration as data, no script inside', async () => {
    const response = await fetch(`${baseUrl}/`);
    const html = await response.text();
    const embedded = /<script type="application\/json" id="runtime-config">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(embedded![1]!)).toEqual(config);
    expect(html).not.toContain('rel="preload" href="/runtime-config"');
    const frames = [...html.matchAll(/<template data-frame="([^"]+)"[ >]/g)].flatMap((match) => match[1]!.split(' '));
    expect(frames).toEqual(
      expect.arrayContaining(['/index|narrow', '/index|wide', '/h5/login|narrow', '/h5/gtxy|wide']),
    );
    const templates = html.slice(html.indexOf('<div id="frames"'), html.indexOf('<script src="./frame.js">'));
    expect(templates).not.toContain('<script');
  });

  it.each([
    [375, '/index|narrow'],
    [1440, '/index|wide'],
  ])('paint the home page’s header, menu and search at %i px before any module has run', async (width, key) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    // No module of the app ever arrives: what shows is the page alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    // …which has already asked for the home page's content (its opening request).
    const contentRequest = page.waitForRequest(
      (request) => request.url().endsWith(API_PATHS.contentListAll) && request.method() === 'POST',
    );
    await page.goto(`${baseUrl}/`);
    await contentRequest;
    expect(await page.getAttribute('#root', 'data-frame')).toBe(key);
    expect(page.url()).toMatch(/#\/index$/);
    await page.getByPlaceholder('请输入企业名称关键字或统一社会信用代码').first().waitFor();
    await page
      .getByRole('button', { name: /搜\s*索/ })
      .first()
      .waitFor();
    if (width === 1440)
      await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页' }).waitFor();
    else await page.getByRole('button', { name: '打开菜单' }).waitFor();
    expect(await page.locator('#root').textContent()).toContain(config.siteName);
    await page.close();
  });

  it.each(['/#/h5/login', '/#/h5/gtxy'])(
    'paint the H5 login’s title, tools and introduction before any module has run (%s)',
    async (path) => {
      const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
      await page.route('**/assets/*.js', (route) => route.abort());
      // A first visit to the entities' page has no person: it is the login already in the frame.
      await page.goto(`${baseUrl}${path}`);
      expect(page.url()).toMatch(/#\/h5\/login$/);
      expect(await page.getAttribute('#root', 'data-frame')).toBe('/h5/login|narrow');
      await page.getByRole('heading', { name: '个人信用查询' }).waitFor();
      await page.getByRole('switch', { name: '长者模式' }).waitFor();
      // The largest paint of the H5 login, in the frame rather than after the page's module.
      await page.getByText('本服务面向本人，经人脸识别核验身份后').waitFor();
      await page.close();
    },
  );

  // The prerendered pages: the address (with a query the frame does not know), its frame's path,
  // the page's heading, its largest paint, and (a selector) what follows the query, left to the browser.
  const PRERENDERED = [
    [
      '/#/xygs/xygsList?currentTab=2',
      '/xygs/xygsList',
      '双公示',
      '行政许可和行政处罚信息自作出决定之日起',
      '[role="tab"]',
    ],
    [
      `/#/xyfw/search?searchKey=${encodeURIComponent('科技')}`,
      '/xyfw/search',
      '信用主体查询',
      '此处的查询框不发起查询，如需查询，请使用页面顶部的搜索框。',
      '[role="search"][aria-label="页内查询"]',
    ],
  ] as const;
  it.each(PRERENDERED.flatMap((row) => [375, 1440].map((width) => [row[2], width, ...row] as const)))(
    'paint %s’s heading and largest text at %i px before any module has run, what follows the query held in place',
    async (_name, width, address, path, heading, largest, queried) => {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`${baseUrl}${address}`);
      expect(await page.getAttribute('#root', 'data-frame')).toBe(`${path}|${width === 375 ? 'narrow' : 'wide'}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      // Styled as the page draws it: its styles come with the app's, in the page.
      const text = page.getByText(largest);
      expect(await text.evaluate((element) => getComputedStyle(element).marginTop)).toBe('0px');
      // What follows the address's query (the tabs; the box and the results) is the browser's,
      // its place held until then.
      expect(await page.locator(queried).count()).toBe(0);
      expect(await page.locator('#root [aria-busy="true"]').count()).toBe(1);
      await page.close();
    },
  );

  it.each([
    [375, '/#/index', '/index|narrow'],
    [1440, '/#/index', '/index|wide'],
    [375, `/#/xyfw/search?searchKey=${encodeURIComponent('科技')}`, '/xyfw/search|narrow'],
    [1440, '/#/xyfw/search', '/xyfw/search|wide'],
    [375, '/#/xygs/xygsList?currentTab=2', '/xygs/xygsList|narrow'],
    [1440, '/#/xygs/xygsList', '/xygs/xygsList|wide'],
    [375, '/#/h5/login', '/h5/login|narrow'],
    [375, '/#/h5/gtxy', '/h5/login|narrow'],
  ])('are hydrated at %i px on %s: the frame stays, the page comes, no error', async (width, path, key) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await keepFrameElements(page);
    const errors = collectErrors(page);
    const configRequests: string[] = [];
    const contentRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(GATEWAY_PATHS.runtimeConfig)) configRequests.push(request.url());
      if (request.url().endsWith(API_PATHS.contentListAll)) contentRequests.push(request.url());
    });
    await page.goto(`${baseUrl}${path}`);
    expect(await page.getAttribute('#root', 'data-frame')).toBe(key);
    // The page's own content replaces the frame's loading place-holder (its section headings).
    await page.locator('#root [aria-busy="true"]').first().waitFor({ state: 'detached' });
    await expect.poll(() => page.title()).toContain(config.siteName);
    // Hydration took the frame's elements over: the same header, menu, search box and switches.
    const left = await frameElementsLeft(page);
    expect(left.kept).toBeGreaterThanOrEqual(4);
    expect(left.connected).toBe(left.kept);
    // Interactive: the phone menu opens, the 长者模式 switch switches.
    if (width === 375 && path === '/#/index') {
      await page.getByRole('button', { name: '打开菜单' }).click();
      await page.getByRole('dialog').waitFor();
    }
    // The search list's box and results come in the frame's places, with the address's keyword.
    if (path.startsWith('/#/xyfw/search')) {
      const search = page.getByRole('search', { name: '页内查询' });
      const keyword = path.includes('searchKey') ? '科技' : '';
      await expect.poll(() => search.getByRole('textbox').inputValue()).toBe(keyword);
      if (keyword) await page.getByText(/“科技”共找到/).waitFor();
      else await page.getByText('查看查询说明').waitFor();
    }
    // 双公示's tabs come in the frame's place-holder, following the address's query.
    if (path.startsWith('/#/xygs/xygsList')) {
      const tab = path.endsWith('currentTab=2') ? '行政处罚' : '行政许可';
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
    }
    expect(configRequests).toEqual([]);
    // The home page's content came from the one request frame.js started (its opening request).
    expect(contentRequests).toHaveLength(path === '/#/index' ? 1 : 0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    ['/#/xyfw', true],
    ['/#/h5/gtxy', true],
    ['/#/xyfw/search/details?id=1', false],
    ['/#/xyfw/search', false],
    ['/#/index', false],
    ['/', false],
    ['/#/xygs/xygsList', false],
  ])('preload antd’s configuration beside the entry for %s unless its page is plain (%s)', async (path, preloaded) => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    // No module of the app runs: what is preloaded is frame.js's doing, not the app's.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${baseUrl}${path}`);
    const named = await page.getAttribute('meta[name="credit-portal:antd-scope"]', 'content');
    const files = named!.split(' ');
    expect(files.some((file) => /\/antd-scope-[\w-]+\.js$/.test(file))).toBe(true);
    const links = await page.$$eval('link[rel="modulepreload"]', (elements) =>
      elements.map((element) => element.getAttribute('href')),
    );
    if (preloaded) expect(links).toEqual(expect.arrayContaining(files));
    else expect(links.filter((link) => files.includes(link!))).toEqual([]);
    await page.close();
  });

  it('give way to the home page on a phone without moving what is on the screen', async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    // A slow phone's CPU (as Lighthouse's mobile preset): the page comes well after the frame.
    await asSlowPhoneWatchingShifts(page);
    await page.goto(`${baseUrl}/#/index`);
    expect(await page.getAttribute('#root', 'data-frame')).toBe('/index|narrow');
    await page.locator('#root [aria-busy="true"]').first().waitFor({ state: 'detached' });
    // The first version moved the footer off the screen when the page came (0.67 in Lighthouse).
    expect(await layoutShifts(page)).toEqual([]);
    await context.close();
  });

  it('are left to the app for a stored 长者模式: the loading line, then the app, no error', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => window.localStorage.setItem('elderMode', '1'));
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/#/index`);
    expect(await page.getAttribute('#root', 'data-frame')).toBeNull();
    await page.getByRole('switch', { name: '长者模式' }).first().waitFor();
    expect(await page.getByRole('switch', { name: '长者模式' }).first().getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('elder-mode'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the portal’s frame on a desktop', () => {
  it('is around 信易贷 and 办事指南 at 1440 px: the main navigation, no phone app bar', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await openPage(context, baseUrl, paths.lending);
      const errors = collectErrors(page);
      for (const [path, heading, section] of [
        [paths.lending, '信易贷 · 以信用换贷款', '信易贷'],
        [paths.mobileGuide, '办事指南', '信用服务'],
      ] as const) {
        if (path !== paths.lending) await showRoute(page, baseUrl, path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        // Still the page asked for: a desktop is not sent to the phone page.
        expect(new URL(page.url()).hash, path).toBe(`#${path}`);
        expect(await page.title(), path).not.toContain('手机版');
        const menu = page.getByRole('navigation', { name: '主导航' });
        expect(await menu.isVisible(), path).toBe(true);
        expect(await menu.getByRole('link', { name: section, exact: true }).getAttribute('aria-current'), path).toBe(
          'page',
        );
        expect(await page.getByRole('navigation', { name: '当前位置' }).isVisible(), path).toBe(true);
        // The phone page's app bar: 返回 and the heading in a bar of its own.
        expect(await page.getByRole('button', { name: '返回' }).count(), path).toBe(0);
        expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
