/// <reference lib="dom" />
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API_PATHS } from '../packages/shared/src/api.js';
import { paths } from '../packages/web/src/lib/paths.js';
import { api, launchBrowser, PagePool, showRoute } from './browser.js';

/*
 * 信息公示 in a real browser: every public list shows rows at 1440 px and at 375 px (a table on
 * desktops, numbered cards on phones), and the pages without a list (the voluntary promise form,
 * a fulfilment check) show themselves, without a console error and without scrolling sideways.
 * One page of each width, each starting the SPA once and showing the lists one after another
 * inside it (e2e/browser.ts: PagePool): a new page and a start of the SPA cost more than a list.
 */

const baseUrl = inject('baseUrl');
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

describe('double disclosure at 1440 px (issue 27, defect 9)', () => {
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
