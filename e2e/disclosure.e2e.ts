/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API_PATHS } from '../packages/shared/src/heads/index.js';
import { paths } from '../packages/web/src/lib/paths.js';
import { api, collectErrors, launchBrowser, PagePool, showRoute } from './browser.js';

/*
 * 信息公示 in a real browser: every public list shows rows at 1440 px and at 375 px (a table on
 * desktops, numbered cards on phones), and the pages without a list (the voluntary promise form,
 * a fulfilment check) show themselves, without a console error and without scrolling sideways.
 * One page of each width, each starting the SPA once and showing the lists one after another
 * inside it (e2e/browser.ts: PagePool): a new page and a start of the SPA cost more than a list.
 */

const baseUrl = inject('baseUrl');
const DEMO = { Mobile: '13900000000', Password: 'Yunzhou2026' };
let browser: Browser;
const pools = new Map<number, PagePool>();
const WIDTHS = [1440, 375] as const;

/** The public lists and a text every row shows (a column heading on desktops, a field label on phones). */
const LISTS: readonly [path: string, label: string][] = [
  [`${paths.doubleDisclosure}?currentTab=1`, '许可文书号'],
  [`${paths.doubleDisclosure}?currentTab=2`, '处罚文书号'],
  [paths.promiseBook, '承诺类型'],
  [paths.keptPromises, '践诺核查日期'],
  [paths.abnormalBusiness, '列入原因'],
  [paths.majorTaxViolation, '案件性质'],
  [paths.arrearsFunds, '列入日期'],
  [paths.bankruptcyList, '受理法院'],
  [paths.hetaoList, '信用标签'],
];

/** Pages without a list and a text they show (a fulfilment check's query is read from the gateway). */
const PAGES: readonly [path: string, text: string][] = [
  [paths.promiseVoluntary, '实名登录'],
  [paths.fulfilmentDetail, '践诺核查日期'],
];
const queries = new Map<string, string>();

const each = (items: readonly (readonly [string, string])[]) =>
  items.flatMap(([path, text]) => WIDTHS.map((width) => ({ path, text, width })));

beforeAll(async () => {
  browser = await launchBrowser();
  for (const width of WIDTHS) {
    const newContext = () => browser.newContext({ viewport: { width, height: 900 } });
    pools.set(width, await PagePool.open(newContext, 1, `${baseUrl}/#${paths.notFound}`));
  }
  const checks = await api<{ list: { id: string }[] }>(baseUrl, `${API_PATHS.promiseFulfilmentList}?pageSize=1`);
  queries.set(paths.fulfilmentDetail, `?id=${checks.list[0]!.id}`);
});

afterAll(async () => {
  await browser?.close();
});

describe('the disclosure lists in a browser', () => {
  it.concurrent.for(each(LISTS))(
    '$path shows its rows at $width px',
    async ({ path, text: label, width }, { expect }) => {
      await pools.get(width)!.use(async ({ page, errors }) => {
        await showRoute(page, baseUrl, path);
        await page
          .getByText(/^共 \d+ 条$/)
          .first()
          .waitFor();
        await page.getByText(label).first().waitFor();
        const rows = width >= 768 ? page.locator('tbody tr.ant-table-row') : page.locator('ol > li');
        expect(await rows.count(), path).toBeGreaterThan(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
        expect(errors, path).toEqual([]);
      });
    },
  );

  it.concurrent.for(each(PAGES))('$path shows itself at $width px', async ({ path, text, width }, { expect }) => {
    await pools.get(width)!.use(async ({ page, errors }) => {
      await showRoute(page, baseUrl, `${path}${queries.get(path) ?? ''}`);
      await page.getByText(text).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      expect(errors, path).toEqual([]);
    });
  });
});

describe('double disclosure at 1440 px', () => {
  it.for([
    ['1', '许可文书号'],
    ['2', '处罚文书号'],
  ])('tab %s keeps each %s on one line and shows the whole placeholder', async ([tab, header], { expect }) => {
    await pools.get(1440)!.use(async ({ page, errors }) => {
      await showRoute(page, baseUrl, `${paths.doubleDisclosure}?currentTab=${tab}`);
      await page.getByRole('columnheader', { name: header }).waitFor();
      await page.locator('tbody tr.ant-table-row').first().waitFor();
      const shape = await page.evaluate((name) => {
        const headers = [...document.querySelectorAll('thead th')];
        const column = headers.findIndex((th) => th.textContent?.trim() === name);
        const cells = [...document.querySelectorAll('tbody tr.ant-table-row')].map((row) => row.children[column]!);
        // One line: the text's line boxes all share one top.
        const lines = cells.map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        });
        const input = document.querySelector<HTMLInputElement>('main input[placeholder]')!;
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { lines, placeholder: context.measureText(input.placeholder).width, room };
      }, header);
      expect(shape.lines.length).toBeGreaterThan(0);
      expect(shape.lines.every((count) => count === 1)).toBe(true);
      expect(shape.placeholder).toBeLessThanOrEqual(shape.room);
      expect(errors).toEqual([]);
    });
  });
});

describe('double disclosure filters at 1440 px', () => {
  it(
    'filters penalties by severity in the address and exports the matches as CSV',
    { timeout: 180_000 },
    async ({ expect }) => {
      await pools.get(1440)!.use(async ({ page, errors }) => {
        await showRoute(page, baseUrl, `${paths.doubleDisclosure}?currentTab=2`);
        await page.locator('tbody tr.ant-table-row').first().waitFor();
        await page.getByLabel('违法行为程度').selectOption('严重');
        await page.getByRole('button', { name: /^筛\s?选$/ }).click();
        await page.getByText(/按筛选条件共找到 \d+ 条/).waitFor();
        expect(page.url()).toContain('severity=');
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: /导出CSV/ }).click(),
        ]);
        const text = await readFile((await download.path())!, 'utf8');
        expect(text.startsWith('\uFEFFCF_XDR_MC,')).toBe(true);
        expect(text.split('\r\n').length).toBeGreaterThan(2);
        expect(errors).toEqual([]);
      });
    },
  );
});

describe('红黑名单 at 1440 px', () => {
  it(
    'shows the red list and the black list each in its tab, the tab in the address',
    { timeout: 180_000 },
    async ({ expect }) => {
      // The lists need a real-name login (spec §7): the demo user's, in a window of its own.
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        const errors = collectErrors(page);
        await page.goto(`${baseUrl}/#${paths.passwordLogin}`);
        await page.getByLabel('手机号码').fill(DEMO.Mobile);
        await page.getByLabel('密码').fill(DEMO.Password);
        await page.getByRole('button', { name: /^登\s*录$/ }).click();
        await page.waitForURL(/#\/index/);
        await page.goto(`${baseUrl}/#${paths.disclosure}`);
        const section = page.getByRole('region', { name: '红黑名单' });
        /** The count the tab's list shows, once its rows are there. */
        const total = async () => {
          await section.locator('tbody tr.ant-table-row').first().waitFor();
          const text = await section
            .getByText(/^共 \d+ 条$/)
            .first()
            .innerText();
          return Number(/\d+/.exec(text)![0]);
        };
        /** The list tag of every row shown (红名单 or 黑名单). */
        const tags = () => section.locator('tbody tr.ant-table-row .ant-tag').allInnerTexts();
        expect(await section.getByRole('tab', { name: '全部' }).getAttribute('aria-selected')).toBe('true');
        const all = await total();

        const counts: Record<string, number> = {};
        for (const [tab, type] of [
          ['黑名单', 'black'],
          ['红名单', 'red'],
        ] as const) {
          await section.getByRole('tab', { name: tab }).click();
          await page.waitForURL(new RegExp(`listType=${type}`));
          await expect.poll(async () => new Set(await tags())).toEqual(new Set([tab]));
          counts[type] = await total();
          expect(counts[type]).toBeGreaterThan(0);
        }
        // Every entry is on one of the two lists: the tabs split 全部.
        expect(counts.red! + counts.black!).toBe(all);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
