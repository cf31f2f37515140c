import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS, encodeVisitLogMessage } from '@credit-portal/shared';
import { buildApp, DATABASE_FILE } from '../../src/app.js';
import { migrate } from '../../src/db/migrate.js';
import { MIGRATIONS } from '../../src/db/migrations/index.js';
import { openDatabase } from '../../src/db/open.js';
import { writeSeed } from '../../src/demo/seed/generate.js';
import { ensureSeed } from '../../src/demo/seed/index.js';
import { DISTRICTS } from '../../src/demo/place.js';
import { removeDir, tempDir } from '../helper.js';
import path from 'node:path';

const dirs: string[] = [];
async function newDir(): Promise<string> {
  const dir = await tempDir();
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map(removeDir));
});

const visitLog = (eventId: string) => ({
  contentCode: '01',
  param: '/index',
  ipv4: '10.0.0.1',
  ipv6: '::1',
  userid: '',
  visitTime: '2026-11-02 10:00:00',
  visitorDevice: '1',
  visitorAppDetail: 'Chrome 130',
  eventId,
  receivedLogTime: '2026-11-02 10:00:01',
  batchHandleTime: '2026-11-02 10:00:02',
});

describe('database', () => {
  it('applies every migration once, in order, and records it', async () => {
    const db = openDatabase(await newDir());
    try {
      const applied = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
      expect(applied).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
      expect(migrate(db)).toEqual([]);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
  });

  it('rolls a failing migration back and leaves it unrecorded', async () => {
    const db = openDatabase(await newDir());
    try {
      const broken = [
        ...MIGRATIONS,
        { version: 99, name: 'broken', sql: 'CREATE TABLE t99 (x); SELECT * FROM missing_table;' },
      ];
      expect(() => migrate(db, broken)).toThrow();
      expect(db.prepare('SELECT COUNT(*) FROM schema_migrations WHERE version = 99').pluck().get()).toBe(0);
      expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 't99'").pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  });

  it('gives the entities of an existing database their name bigrams when migration 13 runs', async () => {
    const db = new BetterSqlite3(path.join(await newDir(), DATABASE_FILE));
    try {
      migrate(
        db,
        MIGRATIONS.filter((m) => m.version < 13),
      );
      writeSeed(db, { seed: 5, entities: 400 });
      db.prepare('UPDATE entities SET name = ? WHERE id = 1').run('云州市AbAb果蔬(云州)有限公司');
      expect(
        migrate(
          db,
          MIGRATIONS.filter((m) => m.version <= 13),
        ),
      ).toEqual([13]);

      // Every distinct two-character slice of every name, ASCII lower-cased, and nothing else.
      const expected = new Set<string>();
      for (const { id, name } of db.prepare('SELECT id, name FROM entities').all() as { id: number; name: string }[]) {
        const chars = Array.from(name.replace(/[A-Z]/g, (c) => c.toLowerCase()));
        for (let i = 0; i + 1 < chars.length; i++) expected.add(`${chars[i]}${chars[i + 1]}\t${id}`);
      }
      const stored = db.prepare('SELECT gram || char(9) || entity_id FROM entity_bigrams').pluck().all() as string[];
      expect(stored.length).toBe(expected.size);
      expect(new Set(stored)).toEqual(expected);
      expect(stored).toContain('ab\t1');
      expect(stored).not.toContain('Ab\t1');
    } finally {
      db.close();
    }
  });

  it('names the regions of a database seeded before migration 25: the district sites by the migration, the rest by the seed', async () => {
    const db = new BetterSqlite3(path.join(await newDir(), DATABASE_FILE));
    try {
      migrate(
        db,
        MIGRATIONS.filter((m) => m.version < 25),
      );
      writeSeed(db, { seed: 5, entities: 400 });
      // Migration 25 alone: later ones are not what this test is about.
      expect(
        migrate(
          db,
          MIGRATIONS.filter((m) => m.version <= 25),
        ),
      ).toEqual([25]);
      const regions = () => db.prepare('SELECT region_code, name FROM regions ORDER BY region_code').raw().all();
      const withSite = DISTRICTS.filter((d) => d.site).map((d) => [d.regionCode, d.name]);
      expect(withSite.length).toBeLessThan(DISTRICTS.length);
      expect(regions()).toEqual(withSite);
      // The later steps, as a start applies them before the seed fills in.
      migrate(db);
      ensureSeed(db, { seed: 5, entities: 400, asOf: '2026-11-02' });
      expect(regions()).toEqual(DISTRICTS.map((d) => [d.regionCode, d.name]));
    } finally {
      db.close();
    }
  });

  it('starts on an empty database without the demo: migrated, no data set, nothing to lock', async () => {
    const app = await buildApp({ dataDir: await newDir(), seed: 11, seedEntities: 50 });
    try {
      expect(app.db.prepare('SELECT COUNT(*) FROM dataset').pluck().get()).toBe(0);
      expect(app.db.prepare('SELECT COUNT(*) FROM entities').pluck().get()).toBe(0);
      expect(app.db.prepare('SELECT COUNT(*) FROM users').pluck().get()).toBe(0);
      const search = await app.inject({
        method: 'POST',
        url: API_PATHS.entitySearch,
        payload: { EntNameOrCreditCode: '有限公司' },
      });
      expect(search.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('with the demo, seeds a new database once and keeps its data across restarts', async () => {
    const dataDir = await newDir();
    const first = await buildApp({ dataDir, seed: 11, seedEntities: 300, demo: true });
    const names = (
      await first.inject({ method: 'POST', url: API_PATHS.entitySearch, payload: { EntNameOrCreditCode: '有限公司' } })
    ).json();
    const stored = await first.inject({
      method: 'POST',
      url: API_PATHS.visitLog,
      payload: { message: encodeVisitLogMessage({ appToken: 'gateway', messages: [visitLog('restart-1')] }) },
    });
    expect(stored.json()).toMatchObject({ ErrorCode: 200, Data: { received: 1, stored: 1 } });
    // Once ready, the planner has statistics of the seeded tables (the 双公示 search's plans rely on them).
    const analysed = first.db.prepare('SELECT DISTINCT tbl FROM sqlite_stat1').pluck().all();
    expect(analysed).toEqual(expect.arrayContaining(['entities', 'penalties', 'licences']));
    await first.close();

    // Another seed and size on restart must not re-seed: the database is not new.
    const second = await buildApp({ dataDir, seed: 12, seedEntities: 50, demo: true });
    try {
      const again = (
        await second.inject({
          method: 'POST',
          url: API_PATHS.entitySearch,
          payload: { EntNameOrCreditCode: '有限公司' },
        })
      ).json();
      expect(again).toEqual(names);
      const db = new BetterSqlite3(path.join(dataDir, DATABASE_FILE), { readonly: true });
      try {
        expect(db.prepare('SELECT seed, entities FROM dataset').get()).toEqual({ seed: 11, entities: 300 });
        expect(db.prepare('SELECT COUNT(*) FROM entities').pluck().get()).toBe(300);
        expect(db.prepare('SELECT event_id FROM visit_logs').pluck().all()).toEqual(['restart-1']);
      } finally {
        db.close();
      }
    } finally {
      await second.close();
    }
  });

  it('closes the database when the app closes', async () => {
    const app = await buildApp({ dataDir: await newDir(), seedEntities: 50 });
    const { db } = app;
    await app.close();
    expect(db.open).toBe(false);
  });
});
