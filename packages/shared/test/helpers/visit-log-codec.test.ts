import { describe, expect, it } from 'vitest';
import { decodeVisitLogMessage, encodeVisitLogMessage } from '../../src/helpers/visit-log-codec.js';

describe('visit-log message codec', () => {
  it('round-trips a payload with Chinese text', () => {
    const payload = { appToken: 'credit-portal-web', messages: [{ contentCode: '0103', param: '信用动态?page=2' }] };
    const message = encodeVisitLogMessage(payload);
    expect(message).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeVisitLogMessage(message)).toEqual(payload);
  });

  it('handles payloads larger than one conversion chunk', () => {
    const messages = Array.from({ length: 400 }, (_, i) => ({ contentCode: '01', param: `页面${i}`.repeat(20) }));
    expect(decodeVisitLogMessage(encodeVisitLogMessage({ appToken: 't', messages }))).toEqual({
      appToken: 't',
      messages,
    });
  });

  it('throws on text that is not base64 of UTF-8 JSON', () => {
    expect(() => decodeVisitLogMessage('not base64!')).toThrow(SyntaxError);
    expect(() => decodeVisitLogMessage(btoa('{broken json'))).toThrow(SyntaxError);
    expect(() => decodeVisitLogMessage(btoa('\xff\xfe'))).toThrow();
  });
});
