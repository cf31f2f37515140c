// @vitest-environment node
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';

describe('formatDate', () => {
  it('writes the calendar day of the upstream’s date-times', () => {
    expect(formatDate('2026-07-24 10:30:00')).toBe('2026-07-24');
    expect(formatDate('2026-07-24T23:59:59')).toBe('2026-07-24');
    expect(formatDate('2026/7/4')).toBe('2026-07-04');
    expect(formatDate('2024-03-13')).toBe('2024-03-13');
  });

  it('takes an instant with a zone as its local day', () => {
    expect(formatDate('2026-07-24T12:00:00Z')).toBe('2026-07-24');
    expect(formatDate('2026-07-24T12:00:00+08:00')).toBe('2026-07-24');
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
