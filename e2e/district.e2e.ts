/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_PATHS, type DistrictSummary, type SiteInfo } from '@credit-portal/shared';
import { paths } from '../packages/web/src/lib/paths.js';
import { api, collectErrors, launchBrowser } from './browser.js';

/*
 * Every seeded district site in a real browser, at 1440 px and 375 px: the overview, 更多 into
 * the licence and penalty lists, a row's in-page detail, the back arrow, and the browser's back
 * button — without a console error and without scrolling sideways.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let districts: (DistrictSummary & { full: boolean })[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const sites = await api<DistrictSummary[]>(baseUrl, API_PATHS.districtList);
  districts = await Promise.all(
    sites.map(async (site) => {
      const query = new URLSearchParams({
        recordId: site.recordId,
        categoryId: site.categoryId,
        cmsBaseId: site.cmsBaseId,
      });
      const info = await api<SiteInfo>(baseUrl, `${API_PATHS.siteInfo}?${query.toString()}&pageSize=7`);
      return { ...site, full: info.layout === 'full' };
    }),
  );
});

afterAll(async () => {
  await browser?.close();
});

const districtUrl = (site: DistrictSummary): string =>
  `${baseUrl}/#${paths.areaDetails}?recordId=${site.recordId}&categoryId=${site.categoryId}&cmsBaseId=${site.cmsBaseId}`;

const viewOf = (page: Page): string | null => new URL(page.url().replace('#', '')).searchParams.get('view');

async function expectFits(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Overview → list by 更多 → a row's detail → back arrow → overview; then back to the detail. */
async function walkKind(page: Page, width: number, box: string, docNoLabel: string): Promise<void> {
  const section = page.getByRole('region', { name: box });
  await section.getByRole('link', { name: /更多/ }).click();
  await page.getByRole('heading', { level: 2, name: box }).waitFor();
  await page.getByText(docNoLabel).first().waitFor();
  // The list's columns: a table on a desktop (a phone gets a card per record).
  if (width >= 768) {
    for (const header of ['序号', docNoLabel, '行政相对人名称', '决定日期', '操作']) {
      await page.getByRole('columnheader', { name: header }).first().waitFor();
    }
  }
  const view = viewOf(page);
  expect(view === '2' || view === '3').toBe(true);
  await expectFits(page, width);
  await page
    .getByRole('link', { name: /^查看详情：/ })
    .first()
    .click();
  await page.getByText(`${box}信息`).waitFor();
  expect(Number(viewOf(page))).toBe(Number(view) + 2);
  await expectFits(page, width);
  await page.getByRole('link', { name: '返回区县首页' }).click();
  await page.getByRole('region', { name: '行政处罚公示' }).waitFor();
  expect(viewOf(page)).toBeNull();
  await page.goBack();
  await page.getByText(`${box}信息`).waitFor();
  await page.goBack();
  await page.getByRole('heading', { level: 2, name: box }).waitFor();
  await page.goBack();
  await page.getByRole('region', { name: '行政许可公示' }).waitFor();
}

describe('the district sites in a browser', () => {
  for (const width of [1440, 375]) {
    it(`walks every district's five views at ${width} px`, async () => {
      expect(districts.length).toBeGreaterThan(1);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        // One page: the SPA starts once, at the first district; the others are opened inside it (a
        // change of the address's hash, as a link does).
        const page = await context.newPage();
        const errors = collectErrors(page);
        for (const site of districts) {
          errors.length = 0;
          await page.goto(districtUrl(site));
          await page.getByRole('heading', { level: 1, name: site.siteName }).waitFor();
          if (site.full) {
            await walkKind(page, width, '行政许可公示', '许可文书号');
            await walkKind(page, width, '行政处罚公示', '处罚文书号');
          } else {
            // The second district: a header plus placeholder boxes.
            await page.getByRole('region', { name: '经销企业' }).waitFor();
          }
          await expectFits(page, width);
          expect(errors, site.siteName).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });
  }
});
