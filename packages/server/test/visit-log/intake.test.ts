import { describe, expect, it } from 'vitest';
import { VISIT_LOG_APP_TOKEN, encodeVisitLogMessage, isVisitTime } from '@credit-portal/shared';
import { GatewayError } from '../../src/lib/errors.js';
import { decodePayload, enrich, validateRecords } from '../../src/visit-log/intake.js';

const record = {
  contentCode: '0103',
  param: 'id=1',
  ipv4: '0.0.0.0',
  ipv6: '::',
  userid: '',
  visitTime: '2024-05-01 10:11:12',
  visitorDevice: '1' as const,
  visitorAppDetail: 'web',
};

describe('visit-log intake', () => {
  it('decodes the message field and refuses a wrong app token or a broken encoding', () => {
    const message = encodeVisitLogMessage({ appToken: VISIT_LOG_APP_TOKEN, messages: [record] });
    expect(decodePayload(message, VISIT_LOG_APP_TOKEN)).toEqual([record]);
    expect(() => decodePayload(message, 'other-app')).toThrow(GatewayError);
    expect(() => decodePayload('%%%not-base64', VISIT_LOG_APP_TOKEN)).toThrow(/message/);
    expect(() =>
      decodePayload(
        encodeVisitLogMessage({ appToken: VISIT_LOG_APP_TOKEN, messages: 'x' as never }),
        VISIT_LOG_APP_TOKEN,
      ),
    ).toThrow(GatewayError);
  });

  it('keeps good records and lists bad ones by index', () => {
    const { valid, rejected } = validateRecords([
      record,
      { ...record, visitorDevice: '7' },
      { ...record, visitTime: '2024-02-30 10:00:00' },
      'x',
    ]);
    expect(valid).toEqual([record]);
    expect(rejected.map((r) => r.index)).toEqual([1, 2, 3]);
    expect(rejected[1]?.reason).toMatch(/visitTime/);
  });

  it('enriches from the request: address split, device and browser from the agent, time and a fresh id', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
    const a = enrich(record, {
      ip: '::ffff:203.0.113.9',
      userAgent: iphone,
      receivedAt: new Date(2024, 4, 1, 10, 11, 13),
    });
    expect(a).toMatchObject({
      ipv4: '203.0.113.9',
      ipv6: '',
      visitorDevice: '0',
      visitorAppDetail: 'Safari 17.0',
      receivedLogTime: '2024-05-01 10:11:13',
    });
    expect(isVisitTime(a.receivedLogTime)).toBe(true);
    const b = enrich(record, { ip: '2001:db8::1', userAgent: undefined, receivedAt: new Date() });
    expect(b).toMatchObject({ ipv4: '', ipv6: '2001:db8::1', visitorDevice: '1', visitorAppDetail: 'unknown' });
    expect(a.eventId).not.toBe(b.eventId);
  });

  it("keeps the browser's event id (the shared schema's eventId) and refuses a malformed one", () => {
    const eventId = '0f8e2a9c-5b7d-4e1f-9a3b-2c6d8e0f1a2b';
    const { valid, rejected } = validateRecords([
      { ...record, eventId },
      { ...record, eventId: 'lz3k9q-1a-x7y8z9' },
      { ...record, eventId: 'short' },
      { ...record, eventId: 'has spaces in it' },
      { ...record, eventId: 12345678 },
      { ...record, eventId: 'x'.repeat(65) },
    ]);
    expect(valid.map((r) => r.eventId)).toEqual([eventId, 'lz3k9q-1a-x7y8z9']);
    expect(rejected.map((r) => r.index)).toEqual([2, 3, 4, 5]);
    for (const r of rejected) expect(r.reason).toMatch(/eventId/);
    expect(enrich(valid[0]!, { ip: '127.0.0.1', userAgent: undefined, receivedAt: new Date() }).eventId).toBe(eventId);
  });
});
