import { describe, expect, it } from 'vitest';
import {
  beijingDay,
  formatBeijingTime,
  formatVisitTime,
  isVisitTime,
  labelBeijingTime,
} from '../../src/helpers/time.js';

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

describe('Beijing time', () => {
  // Explicit instants: the result must not depend on the zone the tests run in (UTC in CI).
  it('writes a UTC moment as the wall time in Beijing', () => {
    expect(formatBeijingTime(new Date('2026-12-05T08:42:00Z'))).toBe('2026-12-05 16:42:00');
    expect(formatBeijingTime(new Date('2026-12-05T16:00:00Z'))).toBe('2026-12-06 00:00:00');
    expect(formatBeijingTime(new Date('2026-12-31T15:59:59.999Z'))).toBe('2026-12-31 23:59:59');
  });

  it('gives the Beijing day, which starts at 16:00 UTC', () => {
    expect(beijingDay(new Date('2026-12-05T15:59:59Z'))).toBe('2026-12-05');
    expect(beijingDay(new Date('2026-12-05T17:00:00Z'))).toBe('2026-12-06');
  });

  it('labels an official time with its zone', () => {
    expect(labelBeijingTime('2026-12-05 16:42:07')).toBe('2026-12-05 16:42:07（北京时间）');
  });
});
