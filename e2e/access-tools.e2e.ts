/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { paths } from '../packages/web/src/lib/paths.js';
import { keepScreenshot, launchBrowser, openPage, settle, showRoute } from './browser.js';
import { KEYWORD, openContext, sidewaysOverflow, speechCalls, stubSpeech } from './access-support.js';

/*
 * The accessibility tools in a real browser: 长者模式 is big, persistent and reachable on a phone,
 * made by antd's class alone; the large cursor is remembered; 读屏 speaks zh-CN, with pause and
 * stop in sight. The axe-core checks, the keyboard and the phone layouts: access.e2e.ts.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every visible text-carrying element in <main> whose type is under 18 px or lines under 1.5. */
const smallText = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const main = document.querySelector('main');
    if (!main) return ['no <main>'];
    for (const element of main.querySelectorAll<HTMLElement>('*')) {
      const ownText = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent!.trim());
      if (!ownText || element.closest('.visually-hidden, [aria-hidden="true"], svg, canvas')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(element);
      const size = parseFloat(style.fontSize);
      const line = style.lineHeight === 'normal' ? size * 1.5 : parseFloat(style.lineHeight);
      // A single-line control (a tag, a button) may be set tight; running text may not.
      const runningText =
        ['P', 'LI', 'DD', 'TD', 'A', 'SPAN', 'DIV'].includes(element.tagName) && rect.height > size * 2;
      if (size < 18 || (runningText && line < size * 1.5)) {
        found.push(
          `${element.tagName}.${element.className} ${size}px/${line}px “${element.textContent!.trim().slice(0, 12)}”`,
        );
      }
    }
    return found;
  });

/** The controls of the page that are under the minimum target size. */
const smallTargets = (page: Page, minimum: number) =>
  page.evaluate((min) => {
    const selector = [
      'main button:not([role="switch"])',
      'main [role="tab"]',
      'main input:not([type="checkbox"]):not([type="radio"]):not([type="file"])',
      'main .ant-pagination-item',
      'main .ant-pagination-prev',
      'main .ant-pagination-next',
      'label:has([role="switch"])',
    ].join(',');
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || element.closest('.visually-hidden')) continue;
      // An input inside antd's affix wrapper is measured by its wrapper.
      const target = element.closest('.ant-input-affix-wrapper') ?? element;
      const box = target.getBoundingClientRect();
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        found.push(`${element.tagName}.${element.className} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return found;
  }, minimum);

describe('长者模式', () => {
  it('is switched on in the header, persists across a reload, and sets large type and targets', async () => {
    const context = await openContext(browser, 1440, 'normal');
    const page = await openPage(context, baseUrl, paths.home);
    expect(await page.evaluate(() => document.documentElement.classList.contains('elder-mode'))).toBe(false);
    await page.getByRole('switch', { name: '长者模式' }).first().click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('elder-mode'))).toBe(true);
    // One column, no carousel, fewer blocks: the home page's secondary blocks are gone.
    expect(await page.locator('.ant-carousel').count()).toBe(0);
    const columns = () =>
      page
        .locator('main section')
        .evaluateAll(
          (blocks) =>
            new Set(
              blocks
                .filter((block) => block.getBoundingClientRect().width > 0)
                .map((block) => Math.round(block.getBoundingClientRect().left)),
            ).size,
        );
    await expect.poll(columns).toBe(1);

    await page.reload();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('elder-mode'))).toBe(true);
    expect(await page.getByRole('switch', { name: '长者模式' }).first().getAttribute('aria-checked')).toBe('true');

    // The home page (shown now), then two more inside the running SPA.
    for (const route of [
      paths.home,
      `${paths.searchList}?searchKey=${encodeURIComponent(KEYWORD)}`,
      paths.doubleDisclosure,
    ]) {
      if (route !== paths.home) await showRoute(page, baseUrl, route);
      expect(await smallText(page), route).toEqual([]);
      expect(await smallTargets(page, 44), route).toEqual([]);
      // No motion: transitions are instant.
      const transition = await page.evaluate(() => getComputedStyle(document.querySelector('a')!).transitionDuration);
      expect(parseFloat(transition)).toBeLessThan(0.001);
    }
    await context.close();
  }, 240_000);

  it("keeps a table's dates and 查看详情 on one line at 1440 px, and the cards fit a phone", async () => {
    /** Each date in the table's rows and each 查看详情, with the lines it takes. */
    const lines = (page: Page) =>
      page.evaluate(() => {
        const body = document.querySelector('main table tbody')!;
        const dates: [string, number][] = [];
        const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!/^\d{4}-\d{2}-\d{2}$/.test(node.textContent!.trim())) continue;
          // A text's boxes: one per line it is laid out on.
          const range = document.createRange();
          range.selectNodeContents(node);
          dates.push([node.textContent!, range.getClientRects().length]);
        }
        const links = [...body.querySelectorAll('a')]
          .filter((link) => link.textContent === '查看详情')
          .map((link) => [link.textContent, link.getClientRects().length] as [string, number]);
        return { dates, links };
      });
    const context = await openContext(browser, 1440, 'elder');
    const page = await openPage(context, baseUrl, `${paths.doubleDisclosure}?currentTab=1`);
    for (const tab of ['1', '2']) {
      if (tab === '2') await showRoute(page, baseUrl, `${paths.doubleDisclosure}?currentTab=2`);
      await page.locator('main table tbody tr[data-row-key]').first().waitFor();
      const { dates, links } = await lines(page);
      expect(dates.length, `tab ${tab}`).toBeGreaterThan(0);
      expect(links.length, `tab ${tab}`).toBeGreaterThan(0);
      expect(dates.filter(([, count]) => count !== 1)).toEqual([]);
      expect(links.filter(([, count]) => count !== 1)).toEqual([]);
      // And the table still fits the page: the columns that grew took room from the text columns.
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      const fits = await page
        .locator('main .ant-table-content')
        .first()
        .evaluate((scroller) => scroller.scrollWidth - scroller.clientWidth);
      expect(fits).toBeLessThanOrEqual(0);
    }
    await keepScreenshot(page, 'disclosure-penalties-1440-elder.png');
    await context.close();

    // A phone keeps its cards (the rule is the desktop table's), none wider than the window.
    const phone = await openContext(browser, 375, 'elder');
    const cards = await openPage(phone, baseUrl, `${paths.doubleDisclosure}?currentTab=2`);
    await cards.locator('main ol li').first().waitFor();
    expect(await cards.locator('main table').count()).toBe(0);
    expect(await sidewaysOverflow(cards)).toBeLessThanOrEqual(0);
    await phone.close();
  });

  it("changes antd's sizes by its class alone, with no <style> made at run time", async () => {
    const context = await openContext(browser, 1440, 'normal');
    // Every <style> element added to the document once it is parsed (scripts run from then on),
    // and every change to one: antd's, made by its CSS-in-JS, carry its marks (data-css-hash,
    // data-token-hash) or its rules (.ant-*, --ant-*). (Others are not styles of the page: a
    // <style> inside an SVG drawing is part of the drawing; rc-util measures the scrollbar's
    // width with a rule on an element of its own, then removes it.)
    await context.addInitScript(() => {
      const made: string[] = [];
      Object.assign(window, { madeStyles: made });
      const isAntd = (node: Node | null): node is Element =>
        node?.nodeName === 'STYLE' &&
        !(node as Element).closest('svg') &&
        ((node as Element).hasAttribute('data-css-hash') ||
          (node as Element).hasAttribute('data-token-hash') ||
          /\.ant-|--ant-/.test(node.textContent ?? ''));
      const observer = new MutationObserver((records) => {
        if (document.readyState === 'loading') return;
        for (const record of records) {
          for (const node of [record.target, record.target.parentNode, ...record.addedNodes]) {
            if (isAntd(node)) made.push((node.textContent ?? '').slice(0, 120));
          }
        }
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    });
    const page = await openPage(context, baseUrl, `${paths.searchList}?searchKey=${encodeURIComponent(KEYWORD)}`);
    const sizes = () =>
      page.evaluate(() => {
        const input = document.querySelector('header .ant-input')!;
        const button = document.querySelector('header .ant-btn')!;
        return {
          input: getComputedStyle(input).fontSize,
          button: Math.round(button.getBoundingClientRect().height),
          primary: getComputedStyle(button).getPropertyValue('--ant-color-primary').trim(),
        };
      });
    const normal = await sizes();
    expect(normal.input).toBe('16px');
    await page.getByRole('switch', { name: '长者模式' }).first().click();
    await expect.poll(sizes).toEqual({ input: '20px', button: 44, primary: '#003a8c' });
    expect(normal.button).toBeLessThan(44);
    // Another page with antd components of its own (tabs, tables, pagination) in the running SPA.
    await showRoute(page, baseUrl, paths.doubleDisclosure);
    expect(await page.locator('main .ant-tabs').count()).toBeGreaterThan(0);
    await page.getByRole('switch', { name: '长者模式' }).first().click();
    await expect.poll(sizes).toEqual(normal);
    // antd injected nothing, and no style element holds its rules.
    expect(await page.evaluate(() => (window as unknown as { madeStyles: string[] }).madeStyles)).toEqual([]);
    const styleTexts = await page.locator('style:not(svg style)').allTextContents();
    expect(styleTexts.filter((text) => /\.ant-|--ant-/.test(text))).toEqual([]);
    await context.close();
  });

  it('is reachable from the phone menu, and gives 60 px targets on a phone', async () => {
    const context = await openContext(browser, 375, 'normal');
    const page = await openPage(context, baseUrl, `${paths.searchList}?searchKey=${encodeURIComponent(KEYWORD)}`);
    await page.getByRole('button', { name: '打开菜单' }).first().click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByRole('switch', { name: '长者模式' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('elder-mode'))).toBe(true);
    await drawer
      .getByRole('button', { name: /关闭|Close/ })
      .first()
      .click();
    await page.reload();
    await settle(page);
    expect(await smallText(page)).toEqual([]);
    expect(await smallTargets(page, 60)).toEqual([]);
    await context.close();
  });

  it('offers the large cursor, remembered across visits', async () => {
    const context = await openContext(browser, 1440, 'normal');
    const page = await openPage(context, baseUrl, paths.home);
    await page.getByRole('switch', { name: '大鼠标' }).first().click();
    const cursor = () => page.evaluate(() => getComputedStyle(document.body).cursor);
    expect(await cursor()).toMatch(/^url\("data:image\/svg\+xml/);
    await page.reload();
    await settle(page);
    expect(await cursor()).toMatch(/^url\("data:image\/svg\+xml/);
    await context.close();
  });
});

describe('读屏', () => {
  it('reads the main content, or the selection, aloud in zh-CN, with pause and stop', async () => {
    const context = await openContext(browser, 1440, 'normal');
    await stubSpeech(context);
    const page = await openPage(context, baseUrl, paths.centreIntro);
    const calls = () => speechCalls(page);
    // The main content as shown, less what is hidden from assistive technology (the
    // breadcrumb's separators): 读屏 skips that as a screen reader does.
    const mainText = await page.evaluate(() => {
      const strip = (text: string) => text.replace(/\s+/g, '');
      const main = document.querySelector('main')!;
      let text = strip(main.innerText);
      for (const hidden of main.querySelectorAll('[aria-hidden="true"]')) {
        const words = strip(hidden.textContent ?? '');
        if (words && !hidden.parentElement!.closest('[aria-hidden="true"]')) text = text.replace(words, '');
      }
      return text;
    });

    await page.getByRole('button', { name: '读屏' }).first().click();
    const spoken = (await calls()).filter((call) => call.method === 'speak');
    expect(spoken.length).toBeGreaterThan(0);
    expect(spoken.every((call) => call.lang === 'zh-CN')).toBe(true);
    expect(
      spoken
        .map((call) => call.text)
        .join('')
        .replace(/\s+/g, ''),
    ).toBe(mainText);

    const bar = page.getByRole('region', { name: '读屏' });
    await bar.getByRole('button', { name: /暂\s*停/ }).click();
    expect((await calls()).at(-1)?.method).toBe('pause');
    await bar.getByRole('button', { name: /继\s*续/ }).click();
    expect((await calls()).at(-1)?.method).toBe('resume');
    await bar.getByRole('button', { name: /停\s*止/ }).click();
    expect((await calls()).at(-1)?.method).toBe('cancel');
    expect(await bar.count()).toBe(0);

    // A selection is read instead of the page.
    const selected = await page.evaluate(() => {
      const paragraph = [...document.querySelectorAll('main p')].find((p) => (p.textContent ?? '').trim().length > 10)!;
      const range = document.createRange();
      range.selectNodeContents(paragraph);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
      return window.getSelection()!.toString().replace(/\s+/g, ' ').trim();
    });
    const before = (await calls()).length;
    await page.getByRole('button', { name: '读屏' }).first().click();
    const next = (await calls()).slice(before).filter((call) => call.method === 'speak');
    expect(next.map((call) => call.text).join('')).toBe(selected);
    expect(next.every((call) => call.lang === 'zh-CN')).toBe(true);
    await context.close();
  });

  it("reads a table's column titles once, and shows 停止 and its status while reading", async () => {
    const context = await openContext(browser, 1440, 'normal');
    await stubSpeech(context);
    const page = await openPage(context, baseUrl, `${paths.doubleDisclosure}?currentTab=1`);
    await page.locator('main table tbody tr[data-row-key]').first().waitFor();
    await page.getByRole('button', { name: '读屏' }).first().click();
    const spoken = (await speechCalls(page))
      .filter((call) => call.method === 'speak')
      .map((call) => call.text)
      .join('\n');
    const times = (word: string) => spoken.split(word).length - 1;
    // The titles found nowhere else on the page (the search box's label names two others, the
    // filter panel's labels 许可机关).
    expect(['序号', '许可决定日期', '操作'].map((title) => [title, times(title)])).toEqual([
      ['序号', 1],
      ['许可决定日期', 1],
      ['操作', 1],
    ]);

    // While it reads: the bar with 停止 in sight, and the status a screen reader announces.
    const bar = page.getByRole('region', { name: '读屏' });
    await expect.poll(() => bar.getByRole('button', { name: /停\s*止/ }).isVisible()).toBe(true);
    expect(await bar.innerText()).toContain('正在朗读');
    expect(await page.getByRole('status').filter({ hasText: '正在朗读' }).count()).toBe(1);
    // Escape stops it.
    await page.keyboard.press('Escape');
    await expect.poll(() => bar.count()).toBe(0);
    expect((await speechCalls(page)).at(-1)?.method).toBe('cancel');
    await context.close();
  });

  it('shows 停止 in the H5 app on a phone, and 读屏 pressed again stops', async () => {
    const context = await openContext(browser, 375, 'normal');
    await stubSpeech(context);
    const page = await openPage(context, baseUrl, paths.h5Home);
    const read = page.getByRole('button', { name: '读屏' });
    await read.click();
    expect((await speechCalls(page)).some((call) => call.method === 'speak')).toBe(true);
    const bar = page.getByRole('region', { name: '读屏' });
    const stop = bar.getByRole('button', { name: /停\s*止/ });
    await expect.poll(() => stop.isVisible()).toBe(true);
    // In the window, not under the fold or behind the strip: a person sees it where they are.
    const box = (await stop.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(812);
    expect(await read.getAttribute('aria-pressed')).toBe('true');
    await keepScreenshot(page, 'read-aloud-h5-375.png');
    await read.click();
    await expect.poll(() => bar.count()).toBe(0);
    expect((await speechCalls(page)).at(-1)?.method).toBe('cancel');
    await context.close();
  });
});
