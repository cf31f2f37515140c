import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { HEADER_COMPACT_SCROLL_PX } from '@credit-portal/shared';
import { collectErrors, launchBrowser } from './browser.js';

/*
 * The frames around the pages: the compact header stays one row
 * and shorter than the full one at desktop widths, the district sites are one click from every
 * portal page, and the accessibility tools are in the district and H5 frames too.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The main menu's bar: its height, how many rows its links take, its top, and the whole header's height above it. */
const navShape = (page: Page) =>
  page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="主导航"]')!;
    const bar = nav.parentElement!.parentElement!;
    const brand = bar.previousElementSibling!;
    const topBar = brand.previousElementSibling!;
    const tops = new Set([...nav.querySelectorAll('a')].map((link) => Math.round(link.getBoundingClientRect().top)));
    const height = (element: Element) => element.getBoundingClientRect().height;
    return {
      bar: height(bar),
      rows: tops.size,
      top: Math.round(bar.getBoundingClientRect().top),
      header: height(topBar) + height(brand) + height(bar),
      compactBrand: bar.querySelectorAll('a').length > nav.querySelectorAll('a').length,
    };
  });

describe('the portal header', () => {
  it.each([1280, 1440, 1920])('turns compact on one row at %i px, shorter than the full header', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/#/xydt`);
    await page.getByRole('navigation', { name: '主导航' }).waitFor();
    const full = await navShape(page);
    expect(full.rows).toBe(1);

    await page.evaluate((y) => window.scrollTo(0, y), HEADER_COMPACT_SCROLL_PX + 400);
    // Compact: the small site name joins the bar, which sticks to the top.
    await expect.poll(async () => (await navShape(page)).compactBrand).toBe(true);
    const compact = await navShape(page);
    expect(compact.rows).toBe(1);
    expect(compact.top).toBe(0);
    expect(compact.bar).toBeLessThanOrEqual(full.bar);
    expect(compact.bar).toBeLessThan(full.header);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leads to the district credit sites from the top bar', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/index`);
    await page.getByRole('link', { name: '区县站点' }).click();
    await page.waitForURL(/#\/areaDetails$/);
    await page.getByRole('heading', { name: '区县信用站点', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: '区县信用站点' }).getByRole('link').first().waitFor();
    await context.close();
  });
});

describe('the accessibility tools in every frame', () => {
  it.each([
    ['/areaDetails', 1440],
    ['/h5/login', 375],
  ])('%s has 长者模式, 大鼠标 and 读屏, and 长者模式 enlarges its type', async (route, width) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/#${route}`);
    const tools = page.getByRole('group', { name: '无障碍工具' });
    await tools.waitFor();
    await tools.getByText('大鼠标').waitFor();
    await tools.getByRole('button', { name: /读屏/ }).waitFor();
    const size = () =>
      page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('main p, main')!).fontSize));
    const before = await size();
    await tools.getByRole('switch', { name: /长者模式/ }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('elder-mode'))).toBe(true);
    await expect.poll(size).toBeGreaterThanOrEqual(Math.max(18, before));
    expect(errors).toEqual([]);
    await context.close();
  });
});
