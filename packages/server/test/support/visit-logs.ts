import {
  VISIT_LOG_APP_TOKEN,
  encodeVisitLogMessage,
  formatVisitTime,
  type VisitLogRecord,
} from '@credit-portal/shared';

/** A visit-log record as the SPA sends it (placeholders for what it cannot know). */
export function visitRecord(contentCode = '0103', param = ''): VisitLogRecord {
  return {
    contentCode,
    param,
    ipv4: '0.0.0.0',
    ipv6: '::',
    userid: '',
    visitTime: formatVisitTime(),
    visitorDevice: '1',
    visitorAppDetail: 'web',
  };
}

/** The request body the SPA posts: { message } holding the encoded payload. */
export function visitBody(records: readonly unknown[], appToken = VISIT_LOG_APP_TOKEN): { message: string } {
  return { message: encodeVisitLogMessage({ appToken, messages: [...records] }) };
}
