// Lighthouse (its default, mobile preset: Moto G Power screen, simulated slow 4G and 4× CPU
// slowdown) on Debian's Chromium, performance and accessibility only.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './first-page.mjs';

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

/** Runs Lighthouse on one address in a fresh Chromium; throws when Lighthouse could not measure. */
export async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
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
      performance: score('performance'),
      accessibility: score('accessibility'),
      metrics,
      failing: { performance: failing('performance'), accessibility: failing('accessibility') },
    };
  } finally {
    chrome.kill();
  }
}
