import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { searchListPath } from '../packages/web/src/lib/paths.js';
import { collectErrors, launchBrowser } from './browser.js';

/*
 * The forgiving search as a new user meets it on a phone: the demo data set (seed
 * 20260101, as `npm start` seeds it) holds 云州市北岭区佳天科技有限公司, legal representative 覃斌红.
 * One wrong character, two words of the name, the pinyin initials (also just the two of 科技, kj)
 * and the representative's name each find it, labelled with how it matched.
 */

const COMPANY = '云州市北岭区佳天科技有限公司';
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the forgiving search', () => {
  it('finds 佳天科技 by a wrong character, by two words, by pinyin initials (kj too) and by its representative', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    try {
      // Typed into the home page's search as a resident would, one character wrong.
      await page.goto(`${baseUrl}/#/index`);
      // The banner's search (the header's sits in the ☰ menu on a phone).
      const search = page.locator('form[role="search"]:visible').first();
      await search.getByRole('textbox').fill('佳天科枝');
      await search.getByRole('textbox').press('Enter');
      const row = page.getByRole('listitem').filter({ hasText: COMPANY });
      await row.waitFor();
      await expect.poll(() => row.textContent()).toContain('相近名称');
      // Nothing matched exactly: the page says so and offers the name it found.
      await page.getByText('您是不是要找').waitFor();
      expect(await page.getByText('未找到与“佳天科枝”完全一致的名称').count()).toBe(1);

      for (const [keyword, label] of [
        ['北岭 科技', null],
        ['jtkj', '拼音匹配'],
        ['覃斌红', '法定代表人匹配'],
      ] as const) {
        await page.goto(`${baseUrl}/#${searchListPath(keyword)}`);
        const found = page.getByRole('listitem').filter({ hasText: COMPANY });
        await found.waitFor();
        const text = (await found.textContent()) ?? '';
        if (label) expect(text, keyword).toContain(label);
        else expect(text, keyword).not.toMatch(/相近名称|拼音匹配|法定代表人匹配/);
      }
      // Two letters typed as a resident types 科技's initials: the company, marked where they spell it.
      await page.goto(`${baseUrl}/#/index`);
      const box = page.locator('form[role="search"]:visible').first().getByRole('textbox');
      await box.fill('kj');
      await box.press('Enter');
      const initials = page.getByRole('listitem').filter({ hasText: COMPANY });
      await initials.waitFor();
      expect(await initials.textContent()).toContain('拼音匹配');
      expect(await initials.locator('mark').allTextContents()).toContain('科技');
      // The phone layout holds: no sideways scroll on the list.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
