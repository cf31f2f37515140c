/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { paths } from '../packages/web/src/lib/paths.js';
import { collectErrors, launchBrowser } from './browser.js';

/*
 * 信息公示 in a real browser: every public list shows rows at 1440 px and at 375 px (a table on
 * desktops, numbered cards on phones), without a console error and without scrolling sideways.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;

/** The public lists and a text every row shows (a column heading on desktops, a field label on phones). */
const LISTS: readonly [path: string, label: string][] = [
  [`${paths.doubleDisclosure}?currentTab=1`, '许可文书号'],
  [`${paths.doubleDisclosure}?currentTab=2`, '处罚文书号'],
  [paths.promiseBook, '承诺类型'],
  [paths.abnormalBusiness, '列入原因'],
  [paths.majorTaxViolation, '案件性质'],
  [paths.arrearsFunds, '列入日期'],
  [paths.bankruptcyList, '受理法院'],
  [paths.hetaoList, '信用标签'],
];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the disclosure lists in a browser', () => {
  for (const width of [1440, 375]) {
    it(`show their rows at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        for (const [path, label] of LISTS) {
          const page = await context.newPage();
          const errors = collectErrors(page);
          await page.goto(`${baseUrl}/#${path}`);
          await page
            .getByText(/^共 \d+ 条$/)
            .first()
            .waitFor();
          await page.getByText(label).first().waitFor();
          const rows = width >= 768 ? page.locator('tbody tr.ant-table-row') : page.locator('ol > li');
          expect(await rows.count(), path).toBeGreaterThan(0);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
          expect(errors, path).toEqual([]);
          await page.close();
        }
      } finally {
        await context.close();
      }
    });
  }
});
