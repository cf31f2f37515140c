import { API_PATHS, VISIT_LOG_APP_TOKEN, encodeVisitLogMessage, type VisitLogRecord } from '@credit-portal/shared';

/*
 * The visit-log sender. It is not the JSON API client: the gateway answers 202 (accepted for
 * delivery), the body may go out with `keepalive` while the page unloads, and on page hide
 * navigator.sendBeacon carries it as text/plain, which the gateway accepts too.
 */

/** 'sent': the gateway queued the records (202). 'rejected': it refused them as malformed (400), so resending cannot help. 'failed': try again later. */
export type SendOutcome = 'sent' | 'rejected' | 'failed';

/** The wire body of POST /visitstatics/EncodeMsgs for these records. */
export function visitLogBody(records: readonly VisitLogRecord[]): string {
  return JSON.stringify({ message: encodeVisitLogMessage({ appToken: VISIT_LOG_APP_TOKEN, messages: [...records] }) });
}

/** Posts records to the gateway's intake (default: the same origin's /visitstatics/EncodeMsgs). */
export async function postVisitLogs(
  records: readonly VisitLogRecord[],
  url: string = API_PATHS.visitLog,
): Promise<SendOutcome> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: visitLogBody(records),
      keepalive: true,
      credentials: 'same-origin',
    });
    if (response.status === 202) return 'sent';
    return response.status === 400 ? 'rejected' : 'failed';
  } catch {
    return 'failed';
  }
}

/** Hands records to navigator.sendBeacon; true when the browser took them for delivery. */
export function beaconVisitLogs(records: readonly VisitLogRecord[], url: string = API_PATHS.visitLog): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  try {
    return navigator.sendBeacon(url, visitLogBody(records));
  } catch {
    return false;
  }
}
