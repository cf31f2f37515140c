import { describe, expect, it } from 'vitest';
import {
  CREDIT_CODE_CHARSET,
  creditCodeCheckChar,
  isValidCreditCode,
  looksLikeCreditCode,
} from '../../src/helpers/credit-code.js';

const VALID = ['91350200MA2YJ1XR9G', '914101086905876455', '91330000755918469E'];

describe('GB 32100-2015 credit code check', () => {
  it.each(VALID)('accepts %s', (code) => expect(isValidCreditCode(code)).toBe(true));

  it('rejects every one-character change of the valid codes', () => {
    for (const code of VALID) {
      for (let i = 0; i < code.length; i++) {
        for (const ch of CREDIT_CODE_CHARSET) {
          if (ch === code[i]) continue;
          const changed = code.slice(0, i) + ch + code.slice(i + 1);
          expect(isValidCreditCode(changed), changed).toBe(false);
        }
      }
    }
  });

  it('rejects characters outside the charset and wrong lengths', () => {
    expect(isValidCreditCode('91350200MA2YJ1XR9I')).toBe(false);
    expect(isValidCreditCode('91350200MA2YJ1XR9')).toBe(false);
    expect(isValidCreditCode('91350200ma2yj1xr9g')).toBe(false);
    expect(looksLikeCreditCode('91350200MA2YJ1XR9O')).toBe(false);
  });

  it('computes the check character, 31 mapping to 0', () => {
    expect(creditCodeCheckChar('91350200MA2YJ1XR9')).toBe('G');
    expect(creditCodeCheckChar('91410108690587645')).toBe('5');
    expect(creditCodeCheckChar('9135020')).toBeNull();
    expect(creditCodeCheckChar('9135020OMA2YJ1XR9')).toBeNull();
  });

  it('treats a code-shaped value with a wrong check as a code, not a valid one', () => {
    expect(looksLikeCreditCode('91350200MA2YJ1XR9H')).toBe(true);
    expect(isValidCreditCode('91350200MA2YJ1XR9H')).toBe(false);
  });
});
