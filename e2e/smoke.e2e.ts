import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API_PATHS, CONTENT_SECTIONS, type ContentPage, type RuntimeConfig } from '@credit-portal/shared';
import { api, collectErrors, launchBrowser } from './browser.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('smoke: the home page', () => {
  it('shows seeded content, opens the footer dialog, and logs no console error', async () => {
    const news = await api<ContentPage>(baseUrl, API_PATHS.contentList, {
      categoryId: CONTENT_SECTIONS.news.categoryId,
      pageIndex: 1,
      pageSize: 5,
    });
    const config = await api<RuntimeConfig>(baseUrl, '/runtime-config');
    expect(news.list.length).toBeGreaterThan(0);

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/#/index`);

    await expect.poll(() => page.title()).toContain(config.siteName);
    await page.getByText(news.list[0]!.content_title, { exact: false }).first().waitFor();

    await page.getByRole('contentinfo').getByText(config.filingText, { exact: false }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain('温馨提示');
    await expect.poll(() => dialog.textContent()).toContain(config.filingUrl);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    expect(errors).toEqual([]);
    await page.close();
  });

  it('redirects / to /index', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(/#\/index/);
    await page.close();
  });
});
