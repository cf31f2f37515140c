import { describe, expect, it } from 'vitest';
import { localToday } from '../../src/lib/dates.js';

describe('localToday', () => {
  it('is the day in Beijing, not the server zone’s (TZ=UTC in containers and CI)', () => {
    expect(localToday(new Date('2026-12-05T17:00:00Z'))).toBe('2026-12-06');
    expect(localToday(new Date('2026-12-05T15:59:59Z'))).toBe('2026-12-05');
    expect(localToday(new Date('2026-12-04T16:00:00Z'))).toBe('2026-12-05');
  });
});
