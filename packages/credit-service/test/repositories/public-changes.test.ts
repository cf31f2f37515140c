import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../../src/db/open.js';
import { centreIsoTime, recordPublicChange } from '../../src/repositories/public-changes.js';
import { removeDir, tempDir } from '../helper.js';

/* The outbox's writer: one row per change, inside the change's own transaction. */

let dir: string;
let db: Database;

beforeAll(async () => {
  dir = await tempDir();
  db = openDatabase(dir);
});

afterAll(async () => {
  db.close();
  await removeDir(dir);
});

const rows = (): { seq: number; record_id: string; kind: string; reason: string | null; tags: string }[] =>
  db.prepare('SELECT seq, record_id, kind, reason, tags FROM public_changes ORDER BY seq').all() as never;

describe('recordPublicChange', () => {
  it('writes one row in seq order with its tags, id and time', () => {
    const first = db.transaction(() =>
      recordPublicChange(db, { dataset: 'xzcf', recordId: '1', entityId: '9', kind: 'added', tags: ['a', 'b', 'a'] }),
    )();
    const second = db.transaction(() =>
      recordPublicChange(db, { dataset: 'xzcf', recordId: '1', kind: 'withdrawn', reason: '已修复', tags: ['a'] }),
    )();
    expect(second.seq).toBeGreaterThan(first.seq);
    expect(first.eventId).not.toBe(second.eventId);
    expect(rows().map((r) => [r.record_id, r.kind, r.reason, JSON.parse(r.tags)])).toEqual([
      ['1', 'added', null, ['a', 'b']],
      ['1', 'withdrawn', '已修复', ['a']],
    ]);
  });

  it('writes nothing when the change fails, and refuses to run outside a transaction', () => {
    const before = rows().length;
    expect(() =>
      db.transaction(() => {
        recordPublicChange(db, { dataset: 'hhmd', recordId: '2', kind: 'withdrawn', reason: '公示期满', tags: [] });
        throw new Error('the change failed');
      })(),
    ).toThrow('the change failed');
    expect(rows()).toHaveLength(before);
    expect(() => recordPublicChange(db, { dataset: 'hhmd', recordId: '2', kind: 'added', tags: [] })).toThrow();
    expect(rows()).toHaveLength(before);
  });

  it('stamps times in the centre zone', () => {
    expect(centreIsoTime(new Date('2026-12-05T02:00:00Z'))).toBe('2026-12-05T10:00:00.000+08:00');
  });
});
