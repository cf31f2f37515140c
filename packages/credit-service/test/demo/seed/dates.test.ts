import type { Database } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDay, formatBeijingTime } from '@credit-portal/shared';
import { openDatabase } from '../../../src/db/open.js';
import { ensureSeed } from '../../../src/demo/seed/index.js';
import { TEST_ENTITIES, TEST_SEED, removeDir, tempDir } from '../../helper.js';

/*
 * The demo data is never dated after the moment it is written. A new database is seeded with its
 * own day as the as-of day (plugins/db.ts); written at half past midnight, Beijing time, nothing in
 * it may say a later hour of that day, nor a later day. Dates that look ahead by their meaning —
 * the end of a validity or publicity period, a creditor meeting scheduled — are not the record's
 * date and are left out, by name.
 */

/** Written at 00:30 Beijing time: most of the day's hours are still to come. */
const NOW = new Date('2026-12-06T00:30:00+08:00');
const AS_OF = beijingDay(NOW);

/** Columns whose dates lie ahead by their meaning. */
const AHEAD = new Set([
  'licences.XK_YXQZI', // 有效期至
  'penalties.CF_GSJZQ', // 公示截止
  'red_black_list.valid_until',
  'wage_arrears.valid_until',
  'personal_bankruptcies.claim_deadline', // 债权申报期限
  'personal_bankruptcies.creditor_meeting_on', // 债权人会议
]);
/** JSON fields of the personal report's rows that lie ahead by their meaning. */
const AHEAD_FIELDS = new Set(['有效期至']);

let dataDir: string;
let db: Database;

beforeAll(async () => {
  dataDir = await tempDir();
  db = openDatabase(dataDir);
  ensureSeed(db, { seed: TEST_SEED, entities: TEST_ENTITIES, asOf: AS_OF, now: NOW });
}, 60_000);
afterAll(async () => {
  db.close();
  await removeDir(dataDir);
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;
const STAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** Why `value` is later than the moment of writing, or null. */
function later(value: string): string | null {
  if (ISO.test(value)) return Date.parse(value) > NOW.getTime() ? `after ${NOW.toISOString()}` : null;
  if (STAMP.test(value)) return value > formatBeijingTime(NOW) ? `after ${formatBeijingTime(NOW)}` : null;
  if (DAY.test(value)) return value > AS_OF ? `after ${AS_OF}` : null;
  if (MONTH.test(value)) return value > AS_OF.slice(0, 7) ? `after ${AS_OF.slice(0, 7)}` : null;
  return null;
}

describe('the seed’s dates', () => {
  it('never pass the moment the data set is written, in any table', () => {
    const tables = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'
           AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts_%'
           -- the migration runner's own record, stamped by the clock of the test run
           AND name <> 'schema_migrations'`,
      )
      .pluck()
      .all() as string[];
    const problems: string[] = [];
    let checked = 0;
    for (const table of tables) {
      const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[];
      for (const column of columns) {
        if (AHEAD.has(`${table}.${column}`)) continue;
        const values = db
          .prepare(`SELECT "${column}" FROM "${table}" WHERE typeof("${column}") = 'text'`)
          .pluck()
          .all() as string[];
        for (const value of values) {
          // The personal report's rows are JSON objects keyed by their Chinese column names.
          const fields: [string, unknown][] = value.startsWith('{')
            ? Object.entries(JSON.parse(value) as Record<string, unknown>).filter(([key]) => !AHEAD_FIELDS.has(key))
            : [[column, value]];
          for (const [field, text] of fields) {
            if (typeof text !== 'string') continue;
            const why = later(text);
            if (ISO.test(text) || STAMP.test(text) || DAY.test(text) || MONTH.test(text)) checked += 1;
            if (why) problems.push(`${table}.${field} = ${text} (${why})`);
          }
        }
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
    // It did look at the data: thousands of dates, the day's own among them.
    expect(checked).toBeGreaterThan(5000);
    const today = db.prepare('SELECT COUNT(*) FROM licences WHERE XK_JDRQ = ?').pluck().get(AS_OF) as number;
    const stamped = db.prepare("SELECT COUNT(*) FROM credit_promises WHERE created_at LIKE ? || '%'").pluck();
    expect(today + (stamped.get(AS_OF) as number)).toBeGreaterThan(0);
  });

  it('keeps each record’s order: an update is never before its decision, a step never before its filing', () => {
    for (const [table, decided] of [
      ['licences', 'XK_JDRQ'],
      ['penalties', 'CF_JDRQ'],
    ] as const) {
      const behind = db.prepare(`SELECT COUNT(*) FROM ${table} WHERE substr(UPDATETIME, 1, 10) < ${decided}`).pluck();
      expect(behind.get(), table).toBe(0);
    }
    const stepsFirst = db
      .prepare(
        `SELECT COUNT(*) FROM application_steps s JOIN service_applications a ON a.id = s.application_id
         WHERE s.at < a.submitted_at`,
      )
      .pluck()
      .get();
    expect(stepsFirst).toBe(0);
  });

  it('records the moment of writing as the data set’s', () => {
    expect(db.prepare('SELECT as_of AS asOf, seeded_at AS seededAt FROM dataset').get()).toEqual({
      asOf: AS_OF,
      seededAt: NOW.toISOString(),
    });
  });
});
