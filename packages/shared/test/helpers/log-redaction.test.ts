import { describe, expect, it } from 'vitest';
import { maskSensitiveText, maskUrl } from '../../src/helpers/log-redaction.js';

const ID = '11010519491231002X';
const EMAIL = 'zhang.san@example.com';
const PHONE = '13912345678';

describe('redaction', () => {
  it('masks ID numbers, e-mails, mobile numbers, bearer tokens and JWTs anywhere in a line', () => {
    const line = `{"msg":"x ${ID} ${EMAIL} ${PHONE} Bearer abc.def-123 eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"}`;
    const masked = maskSensitiveText(line);
    for (const secret of [ID, EMAIL, PHONE, 'abc.def-123', 'eyJhbGciOiJIUzI1NiJ9'])
      expect(masked).not.toContain(secret);
  });

  it('masks sensitive JSON fields by name', () => {
    const masked = maskSensitiveText('{"JwtToken":"t-1","UserName":"张三","EntName":"某某有限公司"}');
    expect(masked).not.toContain('t-1');
    expect(masked).not.toContain('张三');
    expect(masked).toContain('某某有限公司');
  });

  it('leaves ordinary numbers, times and ids alone', () => {
    const line =
      '{"time":1732212345678,"responseTimeMs":12.34,"reqId":"0f8fad5b-d9cb-469f-a165-70867728950e","pageSize":7}';
    expect(maskSensitiveText(line)).toBe(line);
  });

  it('masks sensitive query parameters by name and by shape, decoding them first', () => {
    const url = maskUrl(
      `/api/x?Name=%E5%BC%A0%E4%B8%89&IdCard=${ID}&email=${encodeURIComponent(EMAIL)}&Infotoken=abc&pageIndex=2`,
    );
    expect(url).not.toContain('张三');
    expect(url).not.toContain(ID);
    expect(url).not.toContain('zhang.san');
    expect(url).not.toContain('abc');
    expect(url).toContain('pageIndex=2');
    expect(maskUrl(`/x/${ID}`)).not.toContain(ID);
  });

  it('masks what unlocks an issued report or an authorization: number, code, verifier, state', () => {
    const url = maskUrl('/api/creditreport/VerifyReport?reportNo=XYBG20260101000001&code=AAAAAAAA');
    expect(url).toBe('/api/creditreport/VerifyReport?reportNo=[REDACTED]&code=[REDACTED]');
    const others = maskUrl('/x?no=XYBG1&ReportNumber=XYBG2&verifier=v-secret&state=s-secret&Code=c-secret&pageIndex=1');
    for (const secret of ['XYBG1', 'XYBG2', 'v-secret', 's-secret', 'c-secret']) expect(others).not.toContain(secret);
    expect(others).toContain('pageIndex=1');
    // In a JSON line "code" is the logger's own (an error code): kept; a report number field is not.
    expect(maskSensitiveText('{"code":"rate_limited","ReportNumber":"XYBG3"}')).toBe(
      '{"code":"rate_limited","ReportNumber":"[REDACTED]"}',
    );
  });
});
