import {
  DEVICE,
  VISIT_LOG_FLUSH_MS,
  VISIT_LOG_PLACEHOLDERS,
  deviceCode,
  formatVisitTime,
  type DeviceCode,
  type VisitLogRecord,
} from '@credit-portal/shared';
import { createVisitLogQueue, type QueuedVisit, type VisitLogQueue } from './visit-log-queue';
import { beaconVisitLogs, postVisitLogs, type SendResult } from './send-visit-logs';

/** One thing to log: the route code and the address (path and query) it concerns. */
export interface VisitEvent {
  contentCode: string;
  param: string;
  /** Default: the device of this browser's agent ('0' mobile, '1' desktop). */
  visitorDevice?: DeviceCode;
}

/** The intake's field limits (VisitLogRecordSchema): longer values would get a record refused. */
const LIMITS = { contentCode: 64, param: 2048 } as const;
/** A batch stays below the 64 KB a keepalive request or a beacon may carry. */
const BATCH_BYTES = 48_000;
/** Longest pause between attempts while the gateway keeps failing. */
const MAX_BACKOFF_MS = 30_000;
const LOCK_NAME = 'credit-portal-visit-log';

/**
 * Query keys that carry tokens or personal data (the H5 app's cert token, the face verification's
 * one-time code and test-mode name and ID, the old site's login token): never written to a visit log.
 */
const PERSONAL_QUERY_KEYS = new Set([
  'certtoken',
  'code',
  'verifier',
  'name',
  'idcard',
  'token',
  'logintoken',
  'infotoken',
  'izgtxytoken',
]);

/** The address without its personal query values. */
export function withoutPersonalQuery(param: string): string {
  const at = param.indexOf('?');
  if (at < 0) return param;
  const query = new URLSearchParams(param.slice(at + 1));
  for (const key of [...query.keys()]) if (PERSONAL_QUERY_KEYS.has(key.toLowerCase())) query.delete(key);
  const rest = query.toString();
  return rest ? `${param.slice(0, at)}?${rest}` : param.slice(0, at);
}

/** A visit-log record with the placeholders the gateway replaces (spec §3). */
export function buildVisitRecord(event: VisitEvent, now: Date = new Date()): VisitLogRecord {
  return {
    contentCode: event.contentCode.slice(0, LIMITS.contentCode),
    param: withoutPersonalQuery(event.param).slice(0, LIMITS.param),
    ipv4: VISIT_LOG_PLACEHOLDERS.ipv4,
    ipv6: VISIT_LOG_PLACEHOLDERS.ipv6,
    userid: VISIT_LOG_PLACEHOLDERS.userid,
    visitTime: formatVisitTime(now),
    visitorDevice: event.visitorDevice ?? deviceCode(typeof navigator === 'undefined' ? '' : navigator.userAgent),
    visitorAppDetail: VISIT_LOG_PLACEHOLDERS.visitorAppDetail,
  };
}

/** The oldest entries that fit one request. */
function takeBatch(entries: readonly QueuedVisit[]): QueuedVisit[] {
  const batch: QueuedVisit[] = [];
  let bytes = 0;
  for (const entry of entries) {
    // base64 of UTF-8 JSON: at most 3 bytes per character, times 4/3.
    const size = JSON.stringify(entry.record).length * 4 + 4;
    if (batch.length > 0 && bytes + size > BATCH_BYTES) break;
    batch.push(entry);
    bytes += size;
  }
  return batch;
}

export interface VisitLogOptions {
  queue?: VisitLogQueue;
  send?: (records: readonly VisitLogRecord[]) => Promise<SendResult>;
  beacon?: (records: readonly VisitLogRecord[]) => boolean;
  intervalMs?: number;
  now?: () => number;
}

/** The visit log of the page: records go to the queue at once and leave it in the background. */
export interface VisitLog {
  /** Commits one record to the queue. */
  log(event: VisitEvent): void;
  /** Sends the oldest queued records once (one batch); resolves when the attempt is over. */
  flush(): Promise<void>;
  /** Hands what is queued to sendBeacon (the page is being hidden or unloaded). */
  flushOnHide(): void;
  /** Starts the timer and the page-hide listeners; returns the function that stops them. */
  start(): () => void;
}

/**
 * The client side of the visit log (spec §4, §7): a record per navigation, committed to local
 * storage on the spot, sent about every VISIT_LOG_FLUSH_MS, and removed only once the gateway
 * answered 202. Failures keep the records and back off (at least the gateway's Retry-After); on
 * page hide the rest goes by beacon, unless the gateway is refusing, when it waits for the next visit.
 */
export function createVisitLog(options: VisitLogOptions = {}): VisitLog {
  const queue = options.queue ?? createVisitLogQueue();
  const send = options.send ?? ((records) => postVisitLogs(records));
  const beacon = options.beacon ?? ((records) => beaconVisitLogs(records));
  const intervalMs = options.intervalMs ?? VISIT_LOG_FLUSH_MS;
  const now = options.now ?? Date.now;

  let inFlight: Promise<void> | null = null;
  // Records being posted: a beacon must not send them a second time.
  const sending = new Set<string>();
  let failures = 0;
  let retryAt = 0;

  const attempt = async (): Promise<void> => {
    const batch = takeBatch(queue.entries().filter((entry) => !sending.has(entry.id)));
    if (batch.length === 0) return;
    const ids = batch.map((entry) => entry.id);
    ids.forEach((id) => sending.add(id));
    try {
      const result = await send(batch.map((entry) => entry.record));
      const outcome = typeof result === 'string' ? result : result.outcome;
      if (outcome === 'failed') {
        failures += 1;
        // The gateway's Retry-After when it gave one (503: nothing was stored), else our own backoff.
        const backoff = Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** failures);
        retryAt = now() + Math.max(backoff, typeof result === 'string' ? 0 : result.retryAfterMs);
        return;
      }
      // 'rejected' records can never be accepted: dropping them keeps the queue moving.
      queue.remove(ids);
      failures = 0;
      retryAt = 0;
    } finally {
      ids.forEach((id) => sending.delete(id));
    }
  };

  // Tabs of one browser share the queue: the Web Locks API lets one of them send at a time.
  const exclusive = (run: () => Promise<void>): Promise<void> => {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return run();
    return locks
      .request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
        if (lock) await run();
      })
      .then(() => undefined);
  };

  const flush = (): Promise<void> => {
    if (inFlight) return inFlight;
    if (now() < retryAt) return Promise.resolve();
    inFlight = exclusive(attempt)
      .catch(() => undefined)
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const flushOnHide = (): void => {
    // While the gateway is refusing (e.g. 503: it cannot queue durably), a beacon's fate is
    // unknown: keep the records in local storage and send them on the next visit instead.
    if (now() < retryAt) return;
    const batch = takeBatch(queue.entries().filter((entry) => !sending.has(entry.id)));
    if (batch.length === 0) return;
    // The browser delivers a beacon after the page is gone; no answer will come back, so the
    // records leave the queue once the browser has taken them (else the next visit resends them).
    if (beacon(batch.map((entry) => entry.record))) queue.remove(batch.map((entry) => entry.id));
  };

  return {
    log(event) {
      queue.push(buildVisitRecord(event));
    },
    flush,
    flushOnHide,
    start() {
      const timer = window.setInterval(() => void flush(), intervalMs);
      const onVisibility = () => {
        if (document.visibilityState === 'hidden') flushOnHide();
      };
      document.addEventListener('visibilitychange', onVisibility);
      window.addEventListener('pagehide', flushOnHide);
      return () => {
        window.clearInterval(timer);
        document.removeEventListener('visibilitychange', onVisibility);
        window.removeEventListener('pagehide', flushOnHide);
      };
    },
  };
}

/** Device code of clicks the spec logs as desktop whatever the agent (notice list items). */
export const NOTICE_CLICK_DEVICE = DEVICE.desktop;
