// Field Web Vitals: the gateway_web_vitals_* histograms of the gateway's admin /metrics,
// the samples browsers sent with their visit-log batches, summed into one row per metric, route
// section and device class with the count and the median and 75th percentile estimated from the
// buckets (linear within a bucket, as Prometheus' histogram_quantile does).

const SERIES = /^gateway_web_vitals_(lcp|inp|fcp|ttfb|cls)(?:_seconds)?_(bucket|count)\{([^}]*)\} (\S+)$/;

/** The histograms of an exposition text: Map "METRIC section device" → { metric, section, device, unit, count, buckets }. */
export function parseFieldVitals(text) {
  const rows = new Map();
  for (const line of text.split('\n')) {
    const match = SERIES.exec(line);
    if (!match) continue;
    const [, metric, kind, labelText, value] = match;
    const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const key = `${metric} ${labels.section} ${labels.device}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        metric: metric.toUpperCase(),
        section: labels.section,
        device: labels.device,
        unit: metric === 'cls' ? '' : 's',
        count: 0,
        buckets: [],
      };
      rows.set(key, row);
    }
    if (kind === 'count') row.count = Number(value);
    else row.buckets.push({ le: labels.le === '+Inf' ? Infinity : Number(labels.le), count: Number(value) });
  }
  return rows;
}

/** The q-quantile of a cumulative histogram, or null without samples (beyond the last finite bucket: that bound). */
export function quantile(buckets, q) {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (total === 0) return null;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const bucket of sorted) {
    if (bucket.count >= rank) {
      if (bucket.le === Infinity) return lower;
      const inBucket = bucket.count - below;
      return inBucket === 0 ? bucket.le : lower + ((bucket.le - lower) * (rank - below)) / inBucket;
    }
    lower = bucket.le;
    below = bucket.count;
  }
  return lower;
}

/** Table rows (metric, section, device, samples, median, p75) of the field figures with at least one sample. */
export function fieldRows(text) {
  const format = (value, unit) => (value === null ? '-' : unit === 's' ? `${value.toFixed(2)} s` : value.toFixed(3));
  return [...parseFieldVitals(text).values()]
    .filter((row) => row.count > 0)
    .sort((a, b) => `${a.section}${a.device}${a.metric}`.localeCompare(`${b.section}${b.device}${b.metric}`))
    .map((row) => [
      row.metric,
      row.section,
      row.device,
      row.count,
      format(quantile(row.buckets, 0.5), row.unit),
      format(quantile(row.buckets, 0.75), row.unit),
    ]);
}

/** The field rows from a running gateway's admin listener. */
export async function readFieldVitals(adminBase) {
  const response = await fetch(`${adminBase}/metrics`);
  if (!response.ok) throw new Error(`admin /metrics answered ${response.status}`);
  return fieldRows(await response.text());
}

const PHONE = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
};
const DESKTOP = { viewport: { width: 1440, height: 900 } };

/**
 * Visits each page the way a resident does (in one phone and one desktop browser profile, so the
 * visit-log queue persists between pages): loads it, waits until web-vitals has loaded, presses a
 * key (LCP is final at the first input) and leaves it (CLS and INP are reported at
 * page hide). The samples ride on the visit-log batches — the next page's first batch carries what
 * the page before left queued — and a last visit to `flushPath` sends the rest. Unthrottled: these
 * are the bench machine's own Chromium, not Lighthouse's simulated phone.
 */
export async function visitForField({ base, paths, flushPath, chromiumPath, chromiumFlags, timeoutMs = 60_000 }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags, headless: true });
  try {
    for (const device of [PHONE, DESKTOP]) {
      const context = await browser.newContext(device);
      for (const path of [...paths, flushPath]) {
        const page = await context.newPage();
        await page.goto(base + path, { waitUntil: 'load', timeout: timeoutMs });
        // web-vitals loads at idle time, in a chunk of its own; then it reports FCP and TTFB.
        await page.waitForFunction(
          () => globalThis.performance.getEntriesByType('resource').some((entry) => /web-vitals/.test(entry.name)),
          undefined,
          { timeout: timeoutMs, polling: 200 },
        );
        await page.waitForTimeout(500);
        // A key press is an input: LCP is final (Shift does nothing on the page).
        await page.keyboard.press('Shift');
        // This page's own record is sent (its samples wait for the next page's record).
        await page.waitForFunction(
          () => JSON.parse(globalThis.localStorage.getItem('visitLogQueue') ?? '[]').length === 0,
          undefined,
          { timeout: timeoutMs, polling: 200 },
        );
        await page.close({ runBeforeUnload: true });
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
