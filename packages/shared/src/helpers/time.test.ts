import { describe, expect, it } from 'vitest';
import { formatVisitTime, isVisitTime } from './time.js';

describe('visit time', () => {
  it('formats as yyyy-mm-dd hh:mm:ss with zero padding', () => {
    expect(formatVisitTime(new Date(2026, 0, 5, 7, 8, 9))).toBe('2026-01-05 07:08:09');
    expect(formatVisitTime(new Date(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31 23:59:59');
  });

  it('recognises the format and real moments only', () => {
    expect(isVisitTime('2026-11-21 19:42:00')).toBe(true);
    expect(isVisitTime('2026-02-30 10:00:00')).toBe(false);
    expect(isVisitTime('2026-11-21T19:42:00')).toBe(false);
    expect(isVisitTime(formatVisitTime())).toBe(true);
  });
});
