import { v7 as uuidv7 } from 'uuid';
import { Compile } from 'typebox/compile';
import {
  DEVICE,
  VISIT_LOG_EVENT_ID_PATTERN,
  VisitLogPayloadSchema,
  VisitLogRecordSchema,
  browserDetail,
  describeIssue,
  deviceCode,
  formatVisitTime,
  isVisitTime,
  type EnrichedVisitLog,
  type ValidationIssue,
  type VisitLogRecord,
  type WebVitalSample,
} from '@credit-portal/shared';
import { GatewayError } from '../lib/errors.js';
import type { DeviceClass, GatewayMetrics } from '../lib/metrics.js';
import { splitClientIp } from '../lib/client-ip.js';
import { decodeVisitLogOnNode } from '@credit-portal/node-common';

const checkPayload = Compile(VisitLogPayloadSchema);
const checkRecord = Compile(VisitLogRecordSchema);

/**
 * An event id the browser made (with its queue, kept across resends): the shared record schema's
 * `eventId`, 8 to 64 letters, digits, - and _ (a UUID fits). A resend whose first answer was lost
 * carries the same ids, so the upstream stores each event once.
 */
const CLIENT_EVENT_ID = new RegExp(VISIT_LOG_EVENT_ID_PATTERN);

/** A record the intake refused, by its index in `messages`. */
export interface RejectedRecord {
  index: number;
  reason: string;
}

/** Decodes the `message` field and checks the payload around the records; whole-body errors are 400s. */
export function decodePayload(message: string, appToken: string): unknown[] {
  let payload: unknown;
  try {
    payload = decodeVisitLogOnNode(message);
  } catch {
    throw new GatewayError(400, 'bad_request', '访问日志格式有误：message 不是有效的编码数据');
  }
  if (!checkPayload.Check(payload)) {
    const [first] = checkPayload.Errors(payload) as unknown as ValidationIssue[];
    throw new GatewayError(400, 'bad_request', `访问日志格式有误：${first ? describeIssue(first) : '结构不符'}`);
  }
  if (payload.appToken !== appToken) throw new GatewayError(400, 'bad_request', '访问日志格式有误：应用标识无效');
  return payload.messages;
}

/** Splits the records into valid ones and rejected ones (with their index and why). */
export function validateRecords(messages: readonly unknown[]): { valid: VisitLogRecord[]; rejected: RejectedRecord[] } {
  const valid: VisitLogRecord[] = [];
  const rejected: RejectedRecord[] = [];
  messages.forEach((record, index) => {
    const eventId = (record as { eventId?: unknown } | null)?.eventId;
    // Checked first, for a reason that names the rule (the schema checks the same pattern).
    if (eventId !== undefined && (typeof eventId !== 'string' || !CLIENT_EVENT_ID.test(eventId))) {
      rejected.push({ index, reason: 'eventId 格式不正确（8–64 位字母、数字、- 或 _）' });
    } else if (!checkRecord.Check(record)) {
      const [first] = checkRecord.Errors(record) as unknown as ValidationIssue[];
      rejected.push({ index, reason: first ? describeIssue(first) : '记录格式不正确' });
    } else if (!isVisitTime(record.visitTime)) {
      rejected.push({ index, reason: 'visitTime 不是有效的时间' });
    } else {
      valid.push(record);
    }
  });
  return { valid, rejected };
}

export interface RequestFacts {
  /** The client address, X-Forwarded-For resolved through the trusted proxies only. */
  ip: string;
  userAgent: string | undefined;
  receivedAt: Date;
}

/**
 * A record as it is queued: the client's own fields kept, the placeholders the browser cannot
 * know replaced from the request (address, device, browser), stamped with receivedLogTime, and
 * carrying the browser's event id (or, from an older client without one, a fresh one) for the
 * upstream to de-duplicate on.
 */
export function enrich(record: VisitLogRecord, facts: RequestFacts): EnrichedVisitLog {
  const { ipv4, ipv6 } = splitClientIp(facts.ip);
  // The fields are listed one by one: a record's Web Vitals samples stay at the gateway.
  return {
    contentCode: record.contentCode,
    param: record.param,
    userid: record.userid,
    visitTime: record.visitTime,
    ipv4,
    ipv6,
    visitorDevice: deviceCode(facts.userAgent),
    visitorAppDetail: browserDetail(facts.userAgent),
    receivedLogTime: formatVisitTime(facts.receivedAt),
    // Time-ordered (UUIDv7), as the browser's: the upstream's unique index on event ids grows at its end.
    eventId: record.eventId ?? uuidv7(),
  };
}

/** The device class of the Web Vitals histograms, from the posting browser's User-Agent (the browser that measured). */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  return deviceCode(userAgent) === DEVICE.mobile ? 'phone' : 'desktop';
}

/** The Web Vitals samples riding on accepted records (validated with them: known metric, section, bounded value). */
export function webVitalSamples(records: readonly VisitLogRecord[]): WebVitalSample[] {
  return records.flatMap((record) => record.vitals ?? []);
}

/**
 * Counts the samples of accepted records in the admin port's histograms, by route section and
 * device class: the only labels (no address, no id). Called once the records are queued, so a
 * batch the browser must resend (503) is not counted twice.
 */
export function observeWebVitals(
  metrics: GatewayMetrics,
  records: readonly VisitLogRecord[],
  userAgent: string | undefined,
): void {
  const samples = webVitalSamples(records);
  if (samples.length === 0) return;
  const device = deviceClass(userAgent);
  for (const sample of samples) metrics.observeWebVital(sample.name, sample.section, device, sample.value);
}
