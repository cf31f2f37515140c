import { describe, expect, it } from 'vitest';
import { idNumberCheckChar, isValidIdNumber } from '../../src/helpers/id-number.js';

describe('GB 11643 ID number check', () => {
  it('accepts well-formed numbers, including an X check and lower-case x', () => {
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
    expect(isValidIdNumber('11010519491231002x')).toBe(true);
    expect(isValidIdNumber('440524188001010014')).toBe(false); // year before 1900
    const base = '35020319900101123';
    expect(isValidIdNumber(base + idNumberCheckChar(base))).toBe(true);
  });

  it('rejects every one-digit change', () => {
    const id = '11010519491231002X';
    for (let i = 0; i < 17; i++) {
      for (const d of '0123456789') {
        if (d === id[i]) continue;
        const changed = id.slice(0, i) + d + id.slice(i + 1);
        const birthOk = isValidIdNumber(changed.slice(0, 17) + idNumberCheckChar(changed.slice(0, 17)));
        if (birthOk) expect(isValidIdNumber(changed), changed).toBe(false);
      }
    }
  });

  it('rejects impossible birth dates and wrong shapes', () => {
    const feb30 = '11010519490230001';
    expect(isValidIdNumber(feb30 + idNumberCheckChar(feb30))).toBe(false);
    expect(isValidIdNumber('1101051949123100')).toBe(false);
    expect(isValidIdNumber('11010519491231002Y')).toBe(false);
    expect(idNumberCheckChar('abc')).toBeNull();
  });
});
