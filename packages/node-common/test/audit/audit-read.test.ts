import { describe, expect, it } from 'vitest';
import { readRecentAuditRecords } from '../../src/audit/audit-read.js';

/*
 * The bounded newest-first read (a person's report accesses): only the named series' files of the
 * recent days are opened, the newest day first, and the scan stops at the cap.
 */

const line = (time: string, subject: string) => JSON.stringify({ time, subject, event: 'h5.report_view' });

function memoryStorage(files: Record<string, string>) {
  const opened: string[] = [];
  return {
    opened,
    storage: {
      list: async () => Object.keys(files),
      read: async (name: string) => {
        opened.push(name);
        return files[name]!;
      },
    },
  };
}

describe('readRecentAuditRecords', () => {
  const files = {
    'credit-service.access.2026-12-03.jsonl': [
      line('2026-12-03T01:00:00Z', 'a'),
      line('2026-12-03T02:00:00Z', 'b'),
    ].join('\n'),
    'credit-service.access.2026-12-05.jsonl': [
      line('2026-12-05T01:00:00Z', 'a'),
      line('2026-12-05T03:00:00Z', 'a'),
    ].join('\n'),
    'credit-service.access.2026-12-04.jsonl': `${line('2026-12-04T01:00:00Z', 'a')}\n{torn`,
    'credit-service.security.2026-12-05.jsonl': line('2026-12-05T04:00:00Z', 'a'),
    'credit-service.access.2025-01-01.jsonl': line('2025-01-01T01:00:00Z', 'a'),
  };
  const query = {
    series: ['credit-service.access'],
    sinceDay: '2026-01-01',
    keep: (r: { subject: string | null }) => r.subject === 'a',
  };

  it('keeps the matching records of the series and days asked for, newest first', async () => {
    const { storage, opened } = memoryStorage(files);
    const { records, capped } = await readRecentAuditRecords(storage, { ...query, maxRecords: 10 });
    expect(records.map((r) => r.time)).toEqual([
      '2026-12-05T03:00:00Z',
      '2026-12-05T01:00:00Z',
      '2026-12-04T01:00:00Z',
      '2026-12-03T01:00:00Z',
    ]);
    expect(capped).toBe(false);
    expect(opened).toEqual([
      'credit-service.access.2026-12-05.jsonl',
      'credit-service.access.2026-12-04.jsonl',
      'credit-service.access.2026-12-03.jsonl',
    ]);
  });

  it('stops opening files once past the cap, and says there were more', async () => {
    const { storage, opened } = memoryStorage(files);
    const { records, capped } = await readRecentAuditRecords(storage, { ...query, maxRecords: 2 });
    expect(records.map((r) => r.time)).toEqual(['2026-12-05T03:00:00Z', '2026-12-05T01:00:00Z']);
    expect(capped).toBe(true);
    expect(opened).toEqual(['credit-service.access.2026-12-05.jsonl', 'credit-service.access.2026-12-04.jsonl']);
  });
});
