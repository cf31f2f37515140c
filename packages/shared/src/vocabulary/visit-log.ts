/*
 * The visit log (schemas/visit-log.ts): the event id pattern and the Web Vitals names, sections and
 * limits. Plain data, no TypeBox: the SPA's pages import these without building the schemas.
 */

/**
 * An event id the browser makes for each record when it makes the record, keeps in its queue and
 * sends on every resend: 8 to 64 letters, digits, - or _ (a UUID fits). The upstream stores each
 * id once, so a batch resent after its answer was lost is not stored twice.
 */
export const VISIT_LOG_EVENT_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';

/** The Web Vitals the SPA measures in residents' browsers (the `web-vitals` library's metric names). */
export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

/**
 * The route sections a Web Vitals sample is filed under: the SPA route table's section keys
 * (route-kit.tsx SECTIONS) and `h5` for the personal credit app's frame. A closed list, so the
 * gateway's histograms have a bounded number of series whatever a client sends.
 */
export const WEB_VITAL_SECTIONS = [
  'home',
  'news',
  'policy',
  'disclosure',
  'services',
  'jointRewardPunishment',
  'interaction',
  'personal',
  'about',
  'h5',
] as const;
export type WebVitalSection = (typeof WEB_VITAL_SECTIONS)[number];

/** Largest time metric accepted, in milliseconds (10 minutes: anything longer is a broken clock). */
export const WEB_VITAL_MAX_MS = 600_000;
/** Largest CLS accepted (a layout-shift score; 0.1 is already "needs improvement"). */
export const WEB_VITAL_MAX_CLS = 100;
/** At most this many samples ride on one record. */
export const WEB_VITALS_PER_RECORD = 25;
