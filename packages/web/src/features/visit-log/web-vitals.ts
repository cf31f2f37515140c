import {
  WEB_VITAL_MAX_CLS,
  WEB_VITAL_MAX_MS,
  WEB_VITAL_NAMES,
  WEB_VITAL_SECTIONS,
  type WebVitalName,
  type WebVitalSample,
  type WebVitalSection,
} from '@credit-portal/shared';

/*
 * Real-user Web Vitals: LCP, INP, CLS, FCP and TTFB measured in residents' browsers by
 * the `web-vitals` library, loaded lazily once the page has painted and the main thread is idle
 * (the first page carries none of it). Each value becomes a sample of the metric name, the value
 * and the route section — nothing that names the resident or the address — and waits in the
 * visit-log queue for its next batch (visit-log.ts): no request of its own.
 */

/** What the SPA reads of a web-vitals metric. */
export interface VitalReport {
  name: WebVitalName;
  value: number;
  /** The library's id of this metric instance: kept locally to replace an unsent value, never sent. */
  id: string;
}

type OnMetric = (report: (metric: VitalReport) => void) => void;

/** The part of the `web-vitals` module the SPA uses (tests stub it here, at its edge). */
export interface WebVitalsModule {
  onLCP: OnMetric;
  onINP: OnMetric;
  onCLS: OnMetric;
  onFCP: OnMetric;
  onTTFB: OnMetric;
}

const NAMES: readonly string[] = WEB_VITAL_NAMES;
const SECTIONS: readonly string[] = WEB_VITAL_SECTIONS;

/**
 * The sample the intake accepts (the shared WebVitalSampleSchema), or null for a value it would
 * refuse — a refused sample would take its visit record down with it. Times are whole
 * milliseconds, CLS has four decimals.
 */
export function webVitalSample(name: string, value: number, section: string): WebVitalSample | null {
  if (!NAMES.includes(name) || !SECTIONS.includes(section) || !Number.isFinite(value) || value < 0) return null;
  const at = section as WebVitalSection;
  if (name === 'CLS') {
    return value <= WEB_VITAL_MAX_CLS ? { name, value: Math.round(value * 10_000) / 10_000, section: at } : null;
  }
  const ms = Math.round(value);
  return ms <= WEB_VITAL_MAX_MS ? { name: name as Exclude<WebVitalName, 'CLS'>, value: ms, section: at } : null;
}

/**
 * The section a route's samples are filed under: its route-table section (the app's SectionKey, a
 * subset of WEB_VITAL_SECTIONS — checked where the app calls this), or `h5` for the personal credit app.
 */
/** How long after the load event the library is loaded. */
const LOAD_DELAY_MS = 3_000;

export function vitalSection(route: { section: WebVitalSection; layout: string }): WebVitalSection {
  return route.layout === 'h5' ? 'h5' : route.section;
}

/**
 * Runs `task` three seconds after the load event, when the main thread is idle (or at once then
 * without requestIdleCallback): the library is not part of the first page's work or bytes — its
 * observers read the browser's buffered entries, so nothing measured before is lost.
 */
function afterFirstPaint(task: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let delay: number | undefined;
  const run = () => {
    if (!cancelled) task();
  };
  const schedule = () => {
    delay = window.setTimeout(() => {
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(run, { timeout: 5_000 })
          : window.setTimeout(run, 0);
    }, LOAD_DELAY_MS);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (delay !== undefined) window.clearTimeout(delay);
    if (idle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      window.clearTimeout(idle);
    }
  };
}

export interface WebVitalsOptions {
  /** Where samples go: the visit log's queue, by the metric's local id. */
  record: (id: string, sample: WebVitalSample) => void;
  /** The section of the page the browser loaded (null until the router has matched a route). */
  section: () => WebVitalSection | null;
  /** Loads the library (default: a dynamic import, its own chunk). */
  load?: () => Promise<WebVitalsModule>;
  /** When to load it (default: after the load event, at idle time). Returns a cancel function. */
  schedule?: (task: () => void) => () => void;
}

/**
 * Starts measuring: loads `web-vitals` once the page is idle and reports each metric to `record`
 * as a sample of the loaded page's section. Returns the function that stops it (later reports
 * are ignored). A failed load measures nothing and breaks nothing.
 */
export function startWebVitals(options: WebVitalsOptions): () => void {
  const load = options.load ?? (() => import('web-vitals') as Promise<WebVitalsModule>);
  const schedule = options.schedule ?? afterFirstPaint;
  let stopped = false;
  // Reports that came before the router matched the loaded page (a redirect, a page waiting for its
  // configuration): kept and filed under its section with the next report — LCP at the first
  // input, CLS and INP at page hide come after it.
  let early: VitalReport[] = [];
  const report = (metric: VitalReport) => {
    if (stopped) return;
    const section = options.section();
    if (section === null) {
      early = [...early.filter((kept) => kept.id !== metric.id), metric];
      return;
    }
    const reports = [...early.filter((kept) => kept.id !== metric.id), metric];
    early = [];
    for (const { name, value, id } of reports) {
      const sample = webVitalSample(name, value, section);
      if (sample) options.record(id, sample);
    }
  };
  const cancel = schedule(() => {
    load().then(
      (vitals) => {
        if (stopped) return;
        vitals.onTTFB(report);
        vitals.onFCP(report);
        vitals.onLCP(report);
        vitals.onCLS(report);
        vitals.onINP(report);
      },
      () => undefined,
    );
  });
  return () => {
    stopped = true;
    cancel();
  };
}
