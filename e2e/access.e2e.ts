/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { join } from 'node:path';
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
import { api, inPages, launchBrowser, openPage, PAGE_TIMEOUT, settle, showRoute } from './browser.js';
import {
  SCREENSHOT_DIR,
  axeViolations,
  boxOf,
  openContext,
  sidewaysOverflow,
  speechCalls,
  stubSpeech,
  type Mode,
} from './access-support.js';

/*
 * In a real browser: axe-core finds no serious or critical WCAG 2.1 AA violation on
 * the key pages at 1440 and 375 px, in normal and 长者模式 (screenshots of each are kept under
 * .tmp/screenshots); the keyboard alone gets from the header search to a result's details;
 * 长者模式 is big, persistent and reachable on a phone; 读屏 speaks zh-CN; the phone defects of
 * the issue are gone; a record that does not exist offers a way back, not a retry.
 */

const baseUrl = inject('baseUrl');
const KEYWORD = '科技';
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
    'finds no serious or critical violation at %i px (%s), and keeps a screenshot of each page',
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
          await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}-${mode}.png`) });
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
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'disclosure-penalties-1440-elder.png') });
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
    // The titles found nowhere else on the page (the search box's label names the other two).
    expect(['序号', '许可机关', '许可决定日期', '操作'].map((title) => [title, times(title)])).toEqual([
      ['序号', 1],
      ['许可机关', 1],
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
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'read-aloud-h5-375.png') });
    await read.click();
    await expect.poll(() => bar.count()).toBe(0);
    expect((await speechCalls(page)).at(-1)?.method).toBe('cancel');
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
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'phone-search-pager-375.png') });
    // The inert in-page search box says where to search.
    await page.getByText('请使用页面顶部的搜索框').waitFor();

    // A strip that scrolls shows that it does.
    await showRoute(page, baseUrl, paths.interaction);
    expect(await page.locator('nav[aria-label="互动交流栏目"] [data-scroll-hint="after"]').isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'phone-interaction-375.png') });
    await showRoute(page, baseUrl, paths.searchMore);
    const hint = await page
      .locator('.ant-tabs-nav-wrap')
      .first()
      .evaluate((wrap) => ({
        ping: wrap.className.includes('ping-right'),
        content: getComputedStyle(wrap, '::after').content,
      }));
    expect(hint).toEqual({ ping: true, content: '"›"' });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'phone-search-more-375.png') });

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
