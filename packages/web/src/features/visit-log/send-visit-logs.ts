import { GATEWAY_PATHS, VISIT_LOG_APP_TOKEN, encodeVisitLogMessage, type VisitLogRecord } from '@credit-portal/shared';

/*
 * The visit-log sender. It is not the JSON API client: the gateway answers 202 (accepted for
 * delivery), the body may go out with `keepalive` while the page unloads, and on page hide
 * navigator.sendBeacon carries it as text/plain, which the gateway accepts too.
 */

/** 'sent': the gateway queued the records (202). 'rejected': it refused them as malformed (400), so resending cannot help. 'failed': try again later. */
export type SendOutcome = 'sent' | 'rejected' | 'failed';

/** A failure with the gateway's own wait: a 503 with Retry-After (its queue is down; it stored nothing). */
export interface RetryLater {
  outcome: 'failed';
  retryAfterMs: number;
}

export type SendResult = SendOutcome | RetryLater;

/** Longest Retry-After honoured (a broken header must not silence the log for a day). */
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** The wait a Retry-After header asks for (seconds or an HTTP date), or null. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : null;
}

/** The wire body of POST /visitstatics/EncodeMsgs for these records. */
export function visitLogBody(records: readonly VisitLogRecord[]): string {
  return JSON.stringify({ message: encodeVisitLogMessage({ appToken: VISIT_LOG_APP_TOKEN, messages: [...records] }) });
}

/**
 * Posts records to the gateway's intake (default: the same origin's /visitstatics/EncodeMsgs).
 * A 503 with Retry-After (the gateway cannot queue durably right now) says how long to wait.
 */
export async function postVisitLogs(
  records: readonly VisitLogRecord[],
  url: string = GATEWAY_PATHS.visitLog,
): Promise<SendResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: visitLogBody(records),
      keepalive: true,
      credentials: 'same-origin',
    });
    if (response.status === 202) return 'sent';
    if (response.status === 400) return 'rejected';
    const wait = retryAfterMs(response.headers.get('retry-after'));
    return wait === null ? 'failed' : { outcome: 'failed', retryAfterMs: wait };
  } catch {
    return 'failed';
  }
}

/** Hands records to navigator.sendBeacon; true when the browser took them for delivery. */
export function beaconVisitLogs(records: readonly VisitLogRecord[], url: string = GATEWAY_PATHS.visitLog): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  try {
    return navigator.sendBeacon(url, visitLogBody(records));
  } catch {
    return false;
  }
}
