// @vitest-environment node
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatServerTime } from '@/lib/format';

describe('formatDate', () => {
  it('writes the calendar day of the upstream’s date-times', () => {
    expect(formatDate('2026-07-24 10:30:00')).toBe('2026-07-24');
    expect(formatDate('2026-07-24T23:59:59')).toBe('2026-07-24');
    expect(formatDate('2026/7/4')).toBe('2026-07-04');
    expect(formatDate('2024-03-13')).toBe('2024-03-13');
  });

  it('takes an instant with a zone as its day in Beijing', () => {
    expect(formatDate('2026-07-24T12:00:00Z')).toBe('2026-07-24');
    expect(formatDate('2026-07-24T12:00:00+08:00')).toBe('2026-07-24');
    expect(formatDate('2026-07-24T17:00:00Z')).toBe('2026-07-25');
  });

  it('leaves text that is no date as it is, and nothing as nothing', () => {
    expect(formatDate('长期有效')).toBe('长期有效');
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
  });

  it('reads what dayjs, which it replaced on the first page, read', () => {
    for (const value of ['2026-07-24 10:30:00', '2026-02-30', '2026/12/1 8:00', '2026-07-24T12:00:00Z', '1999-1-2']) {
      expect(formatDate(value)).toBe(dayjs(value).format('YYYY-MM-DD'));
    }
  });
});

describe('formatServerTime', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('shows an instant the server sent in Beijing time, whatever zone the browser is in', () => {
    // Node applies a changed TZ to the next Date it reads: the browser's zone, three ways.
    for (const browserZone of ['America/Los_Angeles', 'UTC', 'Europe/Berlin']) {
      process.env.TZ = browserZone;
      expect(formatServerTime('2026-12-05T08:42:00.000Z')).toBe('2026-12-05 16:42:00');
      expect(formatServerTime('2026-12-05T16:42:07+08:00', 'minute')).toBe('2026-12-05 16:42');
      expect(formatServerTime('2026-12-05T17:00:00Z', 'clock')).toBe('01:00:00');
      expect(formatDate('2026-12-05T17:00:00Z')).toBe('2026-12-06');
    }
  });

  it('leaves the portal’s own times (already Beijing time) and other text as they are', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatServerTime('2026-12-05 16:42:00')).toBe('2026-12-05 16:42:00');
    expect(formatServerTime('—')).toBe('—');
  });
});
