import {
  DEVICE,
  VISIT_LOG_FLUSH_MS,
  VISIT_LOG_PLACEHOLDERS,
  SENSITIVE_QUERY_PARAMETERS,
  WEB_VITALS_PER_RECORD,
  deviceCode,
  formatVisitTime,
  type DeviceCode,
  type VisitLogRecord,
  type WebVitalSample,
} from '@credit-portal/shared';
import {
  createVisitLogQueue,
  newEventId,
  type QueuedVisit,
  type QueuedVital,
  type VisitLogQueue,
} from './visit-log-queue';
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
 * The address without its personal query values: the parameters the services keep out of their
 * logs (tokens, the face verification's code and verifier, names, ID numbers, a report's number
 * and code), by the same list.
 */
export function withoutPersonalQuery(param: string): string {
  const at = param.indexOf('?');
  if (at < 0) return param;
  const query = new URLSearchParams(param.slice(at + 1));
  for (const key of [...query.keys()]) if (SENSITIVE_QUERY_PARAMETERS.has(key.toLowerCase())) query.delete(key);
  const rest = query.toString();
  return rest ? `${param.slice(0, at)}?${rest}` : param.slice(0, at);
}

/**
 * A visit-log record with the placeholders the gateway replaces (spec §3) and its event id, made
 * here with the record: the queue keeps it and every resend carries it, so a batch whose answer
 * was lost (timeout, reset) and is sent again is stored once upstream.
 */
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
    eventId: newEventId(),
  };
}

/** The oldest entries that fit one request (`reserved`: bytes already taken by the batch's Web Vitals). */
function takeBatch(entries: readonly QueuedVisit[], reserved = 0): QueuedVisit[] {
  const batch: QueuedVisit[] = [];
  let bytes = reserved;
  for (const entry of entries) {
    // base64 of UTF-8 JSON: at most 3 bytes per character, times 4/3.
    const size = JSON.stringify(entry.record).length * 4 + 4;
    if (batch.length > 0 && bytes + size > BATCH_BYTES) break;
    batch.push(entry);
    bytes += size;
  }
  return batch;
}

/**
 * The next request: the oldest records that fit and, riding on its last record, the oldest waiting
 * Web Vitals samples (at most WEB_VITALS_PER_RECORD). Samples never go without a record: with no
 * record queued the batch is empty and they wait for the next navigation (or the next visit).
 */
function takeRequest(
  entries: readonly QueuedVisit[],
  waiting: readonly QueuedVital[],
): { batch: QueuedVisit[]; vitals: QueuedVital[]; records: VisitLogRecord[] } {
  const vitals = entries.length > 0 ? waiting.slice(0, WEB_VITALS_PER_RECORD) : [];
  const samples: WebVitalSample[] = vitals.map((entry) => entry.sample);
  const batch = takeBatch(entries, samples.length > 0 ? JSON.stringify(samples).length * 4 : 0);
  const last = batch.length - 1;
  const records = batch.map((entry, index) =>
    index === last && samples.length > 0 ? { ...entry.record, vitals: samples } : entry.record,
  );
  return { batch, vitals: samples.length > 0 ? vitals : [], records };
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
  /**
   * Commits a Web Vitals sample under its metric's local id: it goes out with the next batch of
   * records, never in a request of its own. A later value of the same metric replaces one not yet
   * sent; once sent, later values of it are ignored (one sample per metric and page view).
   */
  logVital(id: string, sample: WebVitalSample): void;
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
  // Records (and samples) being posted: a beacon must not send them a second time.
  const sending = new Set<string>();
  const sendingVitals = new Set<string>();
  // Samples that left the queue: a later report of the same metric is not counted again.
  const vitalsDone = new Set<string>();
  const waitingVitals = () => queue.vitals().filter((entry) => !sendingVitals.has(entry.id));
  const vitalsGone = (ids: readonly string[]) => {
    queue.removeVitals(ids);
    ids.forEach((id) => vitalsDone.add(id));
  };
  let failures = 0;
  let retryAt = 0;

  const attempt = async (): Promise<void> => {
    const { batch, vitals, records } = takeRequest(
      queue.entries().filter((entry) => !sending.has(entry.id)),
      waitingVitals(),
    );
    if (batch.length === 0) return;
    const ids = batch.map((entry) => entry.id);
    const vitalIds = vitals.map((entry) => entry.id);
    ids.forEach((id) => sending.add(id));
    vitalIds.forEach((id) => sendingVitals.add(id));
    try {
      const result = await send(records);
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
      vitalsGone(vitalIds);
      failures = 0;
      retryAt = 0;
    } finally {
      ids.forEach((id) => sending.delete(id));
      vitalIds.forEach((id) => sendingVitals.delete(id));
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
    const { batch, vitals, records } = takeRequest(
      queue.entries().filter((entry) => !sending.has(entry.id)),
      waitingVitals(),
    );
    if (batch.length === 0) return;
    // The browser delivers a beacon after the page is gone; no answer will come back, so the
    // records leave the queue once the browser has taken them (else the next visit resends them).
    if (beacon(records)) {
      queue.remove(batch.map((entry) => entry.id));
      vitalsGone(vitals.map((entry) => entry.id));
    }
  };

  return {
    log(event) {
      queue.push(buildVisitRecord(event));
    },
    logVital(id, sample) {
      if (!vitalsDone.has(id)) queue.pushVital(id, sample);
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
