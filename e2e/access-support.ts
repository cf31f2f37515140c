/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { STORAGE_KEYS, type LoginResult } from '@credit-portal/shared';
import { trackRequests } from './browser.js';

/*
 * Helpers of the access tests (access.e2e.ts, access-tools.e2e.ts): contexts at a width and in a
 * mode, axe-core run in a page, a pool of jobs. Pages are opened and shown until they have settled
 * by e2e/browser.ts.
 */

/** The keyword the search list is opened with. */
export const KEYWORD = '科技';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, evaluated in the page (the CSP forbids an inline script tag). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

export type Mode = 'normal' | 'elder';

/**
 * A context at a width (a phone below 800 px) with 长者模式 on or off from the first page; with a
 * login, stored as the SPA stores one (lib/login-session.ts), so pages behind it show their data.
 */
export async function openContext(
  browser: Browser,
  width: number,
  mode: Mode,
  login?: LoginResult,
): Promise<BrowserContext> {
  const phone = width < 800;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 812 : 900 },
    ...(phone ? { userAgent: IPHONE, isMobile: true, hasTouch: true } : {}),
  });
  const elder = mode === 'elder' ? '1' : '0';
  await context.addInitScript((value) => {
    if (window.localStorage.getItem('elderMode') === null) window.localStorage.setItem('elderMode', value);
  }, elder);
  if (login) {
    await context.addInitScript(
      ({ keys, stored }) => {
        if (window.localStorage.getItem(keys.jwtToken) !== null) return;
        window.localStorage.setItem(keys.userInfo, JSON.stringify(stored.UserInfo));
        window.localStorage.setItem(keys.jwtToken, stored.JwtToken);
        window.localStorage.setItem(keys.realAuthInfo, JSON.stringify(stored.RealAuthInfo));
      },
      { keys: STORAGE_KEYS, stored: login },
    );
  }
  context.on('page', trackRequests);
  return context;
}

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical WCAG 2.1 A/AA violations axe-core finds in the page. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  // Once per start of the SPA: a page shown inside the running SPA keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // Colours are measured as they end: a button still fading in (antd's transitions) reads as a
    // pale one. Spinners and other endless animations are not waited for.
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    const axe = (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } })
      .axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      }));
  });
}

/** The width and height of the first element matching the selector, or null when there is none. */
export async function boxOf(page: Page, selector: string): Promise<{ width: number; height: number } | null> {
  const box = await page.locator(selector).first().boundingBox();
  return box ? { width: Math.round(box.width), height: Math.round(box.height) } : null;
}

/** How far the page scrolls sideways (0 when it fits the window). */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** One call of the page's speech synthesis, as stubSpeech records it. */
export interface SpeechCall {
  method: string;
  text?: string;
  lang?: string;
}

/**
 * Stubs the browser's speech synthesis in every page of the context (headless Chromium may have
 * no voice): each call is recorded, and speechCalls reads them back.
 */
export async function stubSpeech(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const calls: { method: string; text?: string; lang?: string }[] = [];
    (window as unknown as { speechCalls: typeof calls }).speechCalls = calls;
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: {
        speak: (utterance: SpeechSynthesisUtterance) =>
          calls.push({ method: 'speak', text: utterance.text, lang: utterance.lang }),
        pause: () => calls.push({ method: 'pause' }),
        resume: () => calls.push({ method: 'resume' }),
        cancel: () => calls.push({ method: 'cancel' }),
      },
    });
  });
}

/** The speech calls the page made so far (stubSpeech). */
export const speechCalls = (page: Page): Promise<SpeechCall[]> =>
  page.evaluate(() => (window as unknown as { speechCalls: SpeechCall[] }).speechCalls);
