import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_CHANGES_FOLLOW_PATH,
  OPEN_DATA_CATALOGUE_TAG,
  openDatasetTag,
  PENALTY_LIST_TAG,
  penaltyTag,
  type PublicChangesFollowPage,
} from '@credit-portal/shared';
import { addMonths, dayNumber, formatDay, localToday } from '../../src/lib/dates.js';
import { buildTestApp, type TestApp } from '../helper.js';
import { entity, penalty, reviewedRepair } from '../factories.js';

/*
 * Changes to what is public, recorded in the outbox with the change itself: an approved repair,
 * the other decisions and filings, a publicity period that ends (once, across restarts), and the
 * gateways' follow of the outbox.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface OutboxRow {
  seq: number;
  dataset: string;
  record_id: string;
  entity_id: string | null;
  kind: string;
  reason: string | null;
  tags: string;
}

const changesOf = (dataset: string, recordId: number): OutboxRow[] =>
  t.app.db
    .prepare('SELECT * FROM public_changes WHERE dataset = ? AND record_id = ? ORDER BY seq')
    .all(dataset, String(recordId)) as OutboxRow[];

const follow = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${PUBLIC_CHANGES_FOLLOW_PATH}?${query}`, headers });

const yesterday = (): string => formatDay(dayNumber(localToday()) - 1);

describe('a repair approved', () => {
  it('records the filing as an update and the approval as a withdrawal (已修复) with the penalty’s tags', () => {
    const company = entity(t.app.db);
    const { id } = penalty(t.app.db, company);
    reviewedRepair(t.app.db, t.app.site, id);
    const rows = changesOf('xzcf', id);
    expect(rows.map((row) => [row.kind, row.reason])).toEqual([
      ['updated', null],
      ['withdrawn', '已修复'],
    ]);
    expect(rows[1]!.entity_id).toBe(String(company.id));
    expect(JSON.parse(rows[1]!.tags)).toEqual([
      PENALTY_LIST_TAG,
      penaltyTag(id),
      openDatasetTag('xzcf'),
      OPEN_DATA_CATALOGUE_TAG,
    ]);
  });

  it('records a rejection as an update, the record staying public', () => {
    const { id } = penalty(t.app.db, entity(t.app.db));
    reviewedRepair(t.app.db, t.app.site, id, 'reject');
    expect(changesOf('xzcf', id).map((row) => row.kind)).toEqual(['updated', 'updated']);
  });

  it('writes no event when the change fails: the event is in the change’s transaction', () => {
    const { id } = penalty(t.app.db, entity(t.app.db));
    // The step of the decision cannot be written: the whole approval rolls back.
    t.app.db.exec(
      `CREATE TEMP TRIGGER refuse_approval BEFORE INSERT ON application_steps WHEN NEW.step = 'approved'
       BEGIN SELECT RAISE(ABORT, 'refused'); END`,
    );
    try {
      expect(() => reviewedRepair(t.app.db, t.app.site, id)).toThrow('refused');
    } finally {
      t.app.db.exec('DROP TRIGGER refuse_approval');
    }
    expect(changesOf('xzcf', id).map((row) => row.kind)).toEqual(['updated']);
    const repaired = t.app.db.prepare('SELECT repaired_on FROM penalties WHERE id = ?').pluck().get(id);
    expect(repaired).toBeNull();
  });
});

describe('a publicity period that ends', () => {
  it('is withdrawn (公示期满) once by the midnight job, also after a restart', async () => {
    const own = await buildTestApp();
    try {
      const company = entity(own.app.db);
      const ended = penalty(own.app.db, company, { publicUntil: yesterday() });
      const lasting = penalty(own.app.db, company, { publicUntil: localToday() });
      const entry = Number(
        own.app.db
          .prepare(
            `INSERT INTO red_black_list (entity_id, list_type, list_name, reason, authority, included_on, valid_until)
             VALUES (?, 'black', '测试黑名单', '测试', '测试局', ?, ?)`,
          )
          .run(company.id, addMonths(localToday(), -12), yesterday()).lastInsertRowid,
      );
      // As if the job last ran yesterday (the service started then): last night's midnight is due.
      own.app.db.prepare(`UPDATE public_change_marks SET value = ? WHERE name = 'expired-through'`).run(yesterday());
      expect(own.app.expiryJob.run()).toBeGreaterThanOrEqual(2);
      expect(own.app.expiryJob.run()).toBe(0);
      const withdrawn = (dataset: string, id: number) =>
        own.app.db
          .prepare(`SELECT reason FROM public_changes WHERE dataset = ? AND record_id = ? AND kind = 'withdrawn'`)
          .pluck()
          .all(dataset, String(id));
      expect(withdrawn('xzcf', ended.id)).toEqual(['公示期满']);
      expect(withdrawn('hhmd', entry)).toEqual(['公示期满']);
      expect(withdrawn('xzcf', lasting.id)).toEqual([]);

      // A restart runs the job again (the midnights it missed): nothing twice.
      await own.app.close();
      const again = await buildTestApp({ dataDir: own.dataDir });
      try {
        expect(again.app.expiryJob.run()).toBe(0);
        const count = again.app.db
          .prepare(`SELECT COUNT(*) FROM public_changes WHERE record_id = ? AND kind = 'withdrawn'`)
          .pluck()
          .get(String(ended.id));
        expect(count).toBe(1);
      } finally {
        await again.close();
      }
    } finally {
      await own.close().catch(() => undefined);
    }
  });
});

describe('the gateways’ follow', () => {
  it('answers the head alone without a resume point, then the changes after one', async () => {
    const first = await follow('');
    expect(first.statusCode).toBe(200);
    const { head } = first.json<PublicChangesFollowPage>();
    const { id } = penalty(t.app.db, entity(t.app.db));
    reviewedRepair(t.app.db, t.app.site, id);
    const page = (await follow(`after=${head}`)).json<PublicChangesFollowPage>();
    expect(page.changes.map((change) => [change.recordId, change.kind, change.reason])).toEqual([
      [String(id), 'updated', null],
      [String(id), 'withdrawn', '已修复'],
    ]);
    expect(page.head).toBe(page.changes[1]!.seq);
  });

  it('holds the call until a change comes', async () => {
    const { head } = (await follow('')).json<PublicChangesFollowPage>();
    const held = follow(`after=${head}&waitMs=20000`);
    const { id } = penalty(t.app.db, entity(t.app.db));
    await new Promise((resolve) => setTimeout(resolve, 300));
    reviewedRepair(t.app.db, t.app.site, id);
    const page = (await held).json<PublicChangesFollowPage>();
    expect(page.changes[0]!.recordId).toBe(String(id));
  });

  it('answers nobody from another machine without the token, and only the token’s holder with one', async () => {
    const remote = await follow('after=0', { 'x-forwarded-for': '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    const guarded = await buildTestApp({ changesFeedToken: 'feed-token-0123456789' });
    try {
      const ask = (authorization?: string) =>
        guarded.app.inject({
          method: 'GET',
          url: `${PUBLIC_CHANGES_FOLLOW_PATH}?after=0`,
          headers: authorization ? { authorization } : {},
        });
      expect((await ask()).statusCode).toBe(401);
      expect((await ask('Bearer wrong-token-0123456789')).statusCode).toBe(401);
      expect((await ask('Bearer feed-token-0123456789')).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
