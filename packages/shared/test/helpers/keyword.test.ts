import { describe, expect, it } from 'vitest';
import { normalizeKeyword, toHalfWidth } from '../../src/helpers/keyword.js';

describe('normalizeKeyword', () => {
  it('turns full-width characters half-width and trims', () => {
    expect(toHalfWidth('ＡＢＣ１２３（）')).toBe('ABC123()');
    expect(normalizeKeyword('\u3000 恒信  科技 ')).toBe('恒信 科技');
  });

  it('upper-cases code-shaped keywords only', () => {
    expect(normalizeKeyword(' ９１３５０２００ma2yj1xr9g ')).toBe('91350200MA2YJ1XR9G');
    expect(normalizeKeyword('abc有限公司')).toBe('abc有限公司');
    expect(normalizeKeyword(undefined)).toBe('');
  });
});
