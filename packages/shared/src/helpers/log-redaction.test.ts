import { describe, expect, it } from 'vitest';
import { maskSensitiveText, maskUrl } from './log-redaction.js';

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

  it('masks the chat app’s one-time authorization code in an address, but not an error’s code in JSON', () => {
    const url = maskUrl('/?code=Zk3q9-authcode&state=0123456789abcdef');
    expect(url).not.toContain('Zk3q9-authcode');
    expect(url).toContain('state=0123456789abcdef');
    const line = '{"err":{"code":"FST_ERR_VALIDATION"}}';
    expect(maskSensitiveText(line)).toBe(line);
  });
});
