/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { OPEN_DATA_PATHS, openDataset, type OpenDataCatalog } from '@credit-portal/shared';
import { paths } from '../packages/web/src/lib/paths.js';
import { api, collectErrors, launchBrowser, openPage } from './browser.js';

/*
 * 开放数据 in a real browser, once: the page lists today's datasets, its field
 * descriptions open from the keyboard, and the CSV a citizen downloads for 行政处罚 is a
 * spreadsheet file — UTF-8 with a BOM, a header row of the national field codes, rows that parse
 * (RFC 4180) and are as many as the page says; on a phone the page does not scroll sideways.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('开放数据 in a browser', () => {
  it('lists the datasets and downloads a CSV that parses with its header row of field codes', async () => {
    const catalog = await api<OpenDataCatalog>(baseUrl, OPEN_DATA_PATHS.datasets);
    const penalties = catalog.datasets.find((dataset) => dataset.id === 'xzcf')!;
    expect(penalties.rows).toBeGreaterThan(0);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    try {
      const page = await openPage(context, baseUrl, paths.openData);
      const errors = collectErrors(page);
      await page.getByRole('heading', { name: '开放数据', level: 1 }).waitFor();
      for (const dataset of catalog.datasets) {
        await page.getByRole('region', { name: new RegExp(dataset.title) }).waitFor();
      }
      const card = page.getByRole('region', { name: /^行政处罚/ });
      await card.getByText(`记录数：${penalties.rows.toLocaleString('zh-CN')} 条`).waitFor();

      // The field descriptions open from the keyboard (Enter on the summary).
      const summary = card.locator('summary');
      await summary.focus();
      await page.keyboard.press('Enter');
      await card.getByRole('cell', { name: 'CF_GSJZQ' }).waitFor();
      expect(await card.locator('details').evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('link', { name: /下载 CSV/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`xzcf-${catalog.date}.csv`);
      const bytes = await readFile(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const codes = openDataset('xzcf')!.fields.map((field) => field.code);
      const [header, ...rows] = parse(bytes, { bom: true }) as string[][];
      expect(header).toEqual(codes);
      expect(rows).toHaveLength(penalties.rows);
      for (const row of rows) expect(row).toHaveLength(codes.length);
      expect(rows.every((row) => row[codes.indexOf('CF_WSH')]!.length > 0)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    try {
      const page = await openPage(phone, baseUrl, paths.openData);
      await page.getByRole('region', { name: /^行政处罚/ }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await phone.close();
    }
  });
});
