// Lighthouse (its default, mobile preset: Moto G Power screen, simulated slow 4G and 4× CPU
// slowdown) on Debian's Chromium, performance and accessibility only.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './first-page.mjs';

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

/**
 * Writes `storage` (key → string) into the origin's localStorage of the Chromium on `port`, from a
 * small file of that origin (the favicon), so no asset of the SPA enters the HTTP cache.
 */
async function prepareStorage(port, origin, storage) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, Object.entries(storage));
    await page.close();
  } finally {
    // Disconnects only: the browser is chrome-launcher's.
    await browser.close();
  }
}

/** The largest contentful paint's element, as Lighthouse quotes it (its opening tag and text). */
function lcpElement(lhr) {
  const parts = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
  const node = parts.find((part) => part.type === 'node');
  return node ? `${node.snippet}${node.nodeLabel ? ` (${node.nodeLabel.slice(0, 40)})` : ''}` : '?';
}

/**
 * Runs Lighthouse on one address in a fresh Chromium; throws when Lighthouse could not measure.
 * With `storage`, the origin's localStorage holds it first (a login) and Lighthouse keeps it
 * (`disableStorageReset`; the profile is fresh, so the HTTP cache is still empty).
 */
export async function runLighthouse(url, options = {}) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, options);
    } catch (error) {
      // On the busy bench machine a fresh headless Chromium now and then shows an interstitial on
      // its first load, or the trace misses its navigation start (NO_NAVSTART: "run Lighthouse
      // again"): up to two more tries, each in another fresh browser.
      const message = String(error?.message);
      const transient = /CHROME_INTERSTITIAL_ERROR|NO_NAVSTART|run Lighthouse again/.test(message);
      if (!transient || attempt === 3) throw error;
    }
  }
}

/**
 * Keeps a run's whole Lighthouse report (JSON) in `dir` when BENCH_LIGHTHOUSE_REPORTS names one:
 * the network requests and main-thread tasks behind a figure, for a closer look.
 */
async function keepReport(dir, url, report) {
  await mkdir(dir, { recursive: true });
  const name = `${new URL(url).hash.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '') || 'root'}-${Date.now()}.json`;
  await writeFile(join(dir, name), Array.isArray(report) ? report[0] : report);
}

async function lighthouseOnce(url, { storage }) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    if (storage) await prepareStorage(chrome.port, new URL(url).origin, storage);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(storage ? { disableStorageReset: true } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (process.env.BENCH_LIGHTHOUSE_REPORTS)
      await keepReport(process.env.BENCH_LIGHTHOUSE_REPORTS, url, result.report);
    const score = (category) => {
      const value = lhr.categories[category]?.score;
      if (typeof value !== 'number') throw new Error(`Lighthouse on ${url} gave no ${category} score`);
      return Math.round(value * 100);
    };
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([id, label]) => [label, lhr.audits[id]?.displayValue ?? '?']),
    );
    // The audits that cost points: failed accessibility checks, and performance opportunities.
    const failing = (category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => typeof audit.score === 'number' && audit.score < 0.9)
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    return {
      url,
      finalUrl: lhr.finalDisplayedUrl,
      lcpElement: lcpElement(lhr),
      numeric: Object.fromEntries(
        Object.entries(METRICS).map(([id, label]) => [label, lhr.audits[id]?.numericValue ?? Number.NaN]),
      ),
      performance: score('performance'),
      accessibility: score('accessibility'),
      // Lighthouse's measure of this machine's speed at the run (higher is faster): simulated
      // throttling slows the tasks it observed by a fixed 4×, so a slower machine scores lower.
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      metrics,
      failing: { performance: failing('performance'), accessibility: failing('accessibility') },
    };
  } finally {
    chrome.kill();
  }
}
