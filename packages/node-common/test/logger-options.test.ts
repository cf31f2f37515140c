import { describe, expect, it } from 'vitest';
import { REDACTED } from '@credit-portal/shared';
import { loggerOptions } from '../src/logger-options.js';

const ID = '11010519491231002X';
const PHONE = '13912345678';

describe('loggerOptions', () => {
  it('redacts the credential headers, logs a request as its method and masked URL, and masks every line', () => {
    const stream = { write: () => undefined };
    const options = loggerOptions('debug', stream);
    expect(options.level).toBe('debug');
    expect(options.stream).toBe(stream);
    expect(options.redact.censor).toBe(REDACTED);
    for (const header of ['authorization', 'cookie', 'jwttoken', 'infotoken', 'certtoken']) {
      expect(options.redact.paths).toContain(`req.headers.${header}`);
      expect(options.redact.paths).toContain(`headers.${header}`);
    }
    expect(options.serializers.req({ method: 'GET', url: `/x?IdCard=${ID}&pageIndex=2` })).toEqual({
      method: 'GET',
      url: '/x?IdCard=[REDACTED]&pageIndex=2',
    });
    expect(options.hooks.streamWrite(`{"msg":"${PHONE}"}`)).toBe('{"msg":"[REDACTED]"}');
    expect('stream' in loggerOptions('info')).toBe(false);
  });
});
