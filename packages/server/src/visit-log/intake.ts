import { randomUUID } from 'node:crypto';
import { Compile } from 'typebox/compile';
import {
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
} from '@credit-portal/shared';
import { GatewayError } from '../lib/errors.js';
import { splitClientIp } from '../lib/client-ip.js';
import { decodeMessage } from './codec.js';

const checkPayload = Compile(VisitLogPayloadSchema);
const checkRecord = Compile(VisitLogRecordSchema);

/** A record the intake refused, by its index in `messages`. */
export interface RejectedRecord {
  index: number;
  reason: string;
}

/** Decodes the `message` field and checks the payload around the records; whole-body errors are 400s. */
export function decodePayload(message: string, appToken: string): unknown[] {
  let payload: unknown;
  try {
    payload = decodeMessage(message);
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
    if (!checkRecord.Check(record)) {
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
 * know replaced from the request (address, device, browser), stamped with receivedLogTime and
 * a fresh event id for the upstream to de-duplicate on.
 */
export function enrich(record: VisitLogRecord, facts: RequestFacts): EnrichedVisitLog {
  const { ipv4, ipv6 } = splitClientIp(facts.ip);
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
    eventId: randomUUID(),
  };
}
