import { describe, expect, it } from 'vitest';
import { personalDataIn } from '../e2e/personal-data.js';

// The check the suites run over logs and the audit trail (e2e/personal-data.ts): it must find
// personal data wherever a log line can carry it, and not cry wolf at identifiers that merely
// hold digits — a false alarm (the report signing key id of one run) failed the audit suite once.
describe('the personal-data check of logs', () => {
  it('finds a mobile number in JSON, a query, a sentence and Chinese text', () => {
    for (const line of [
      '{"mobile":"13900000000"}',
      'GET /login?phone=15812345678&x=1',
      'sent to 13900000000 at 10:00',
      '手机号13900000000已注册',
    ]) {
      expect(personalDataIn(line), line).toEqual([expect.stringMatching(/^mobile \(1[3-9]\d\d…\): /)]);
    }
  });

  it('finds ID numbers, JWTs and e-mail addresses, also URL-encoded', () => {
    expect(personalDataIn('"idNumber":"11010519491231002X"')).toEqual([expect.stringMatching(/^ID number/)]);
    expect(personalDataIn('Bearer eyJhbGciOi.eyJzdWIiOiIx.c2lnbmF0dXJl')).toEqual([expect.stringMatching(/^JWT/)]);
    expect(personalDataIn('to=zhang.san%40example.cn')).toEqual([expect.stringMatching(/^e-mail/)]);
  });

  it('does not take a run of digits inside a hex key id or a report number for a phone number', () => {
    const keyId = 'ab19541234567cd0e2f94c1b3a8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d';
    expect(keyId).toMatch(/^[0-9a-f]{64}$/);
    expect(personalDataIn(`{"event":"report.issued","details":{"keyId":"${keyId}"}}`)).toEqual([]);
    expect(personalDataIn('{"reportNumber":"XYBG20261128139000"}')).toEqual([]);
    expect(personalDataIn('{"seq":22,"time":"2026-11-28T13:19:34.740Z"}')).toEqual([]);
  });
});
