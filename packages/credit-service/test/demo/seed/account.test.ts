import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCreditCode } from '@credit-portal/shared';
import { buildApp } from '../../../src/app.js';
import { readSettings } from '../../../src/env.js';
import { ensureAccountSeed } from '../../../src/demo/seed/account.js';
import { DEMO_ACCOUNT } from '../../../src/demo/seed/index.js';
import { buildTestApp, removeDir, tempDir, type TestApp } from '../../helper.js';

/* The accounts' part of the data set (lists, promises, chat-app identities) and the account settings. */

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

describe('seed and settings', () => {
  it('gives a data set red/black entries, promises and chat-app identities, once', () => {
    const counts = () =>
      app.db
        .prepare(
          `SELECT (SELECT COUNT(*) FROM red_black_list) AS lists, (SELECT COUNT(*) FROM credit_promises WHERE owner IS NULL) AS promises,
             (SELECT COUNT(*) FROM wechat_identities) AS identities`,
        )
        .get() as { lists: number; promises: number; identities: number };
    const before = counts();
    expect(before.lists).toBeGreaterThan(0);
    expect(before.promises).toBeGreaterThan(0);
    expect(before.identities).toBe(6);
    expect(ensureAccountSeed(app.db)).toBeNull();
    expect(counts()).toEqual(before);
    const codes = app.db.prepare('SELECT credit_code FROM entities LIMIT 50').pluck().all() as string[];
    expect(codes.every(isValidCreditCode)).toBe(true);
  });

  it('seeds a database made before migration 6 when the service starts', async () => {
    const dataDir = await tempDir();
    try {
      const first = await buildApp({ dataDir, seedEntities: 80, seed: 3, demo: true });
      const lists = first.db.prepare('SELECT entity_id, list_name FROM red_black_list ORDER BY id').all();
      // As an older database would be: the tables exist (migration 6 ran) but hold nothing.
      first.db.exec(
        `DELETE FROM red_black_list; DELETE FROM promise_fulfilments; DELETE FROM credit_promises;
         DELETE FROM wechat_identities; DELETE FROM users;`,
      );
      await first.close();
      const second = await buildApp({ dataDir, seedEntities: 80, seed: 3, demo: true });
      expect(second.db.prepare('SELECT entity_id, list_name FROM red_black_list ORDER BY id').all()).toEqual(lists);
      expect(second.db.prepare('SELECT COUNT(*) FROM wechat_identities').pluck().get()).toBe(6);
      expect(second.db.prepare('SELECT COUNT(*) FROM promise_fulfilments').pluck().get()).toBeGreaterThan(0);
      await second.close();
    } finally {
      await removeDir(dataDir);
    }
  });

  it('dates entries, promises and their checks back from the day the database is created', async () => {
    const dates = (db: FastifyInstance['db']) =>
      db
        .prepare(
          `SELECT (SELECT MAX(included_on) FROM red_black_list) AS listed,
             (SELECT MIN(valid_until) FROM red_black_list) AS firstLapse,
             (SELECT MAX(promised_on) FROM credit_promises) AS promised,
             (SELECT MAX(checked_on) FROM promise_fulfilments) AS checked,
             (SELECT MAX(updated_at) FROM promise_fulfilments) AS updated,
             (SELECT COUNT(*) FROM red_black_list) AS entries,
             (SELECT COUNT(*) FROM promise_fulfilments) AS checks,
             (SELECT created_at FROM users WHERE mobile = '${DEMO_ACCOUNT.mobile}') AS demo`,
        )
        .get() as Record<string, string | number>;
    const built = await Promise.all(
      ['2026-10-31', '2026-10-31', '2028-06-30'].map((seedAsOf) => buildTestApp({ seedEntities: 600, seedAsOf })),
    );
    try {
      const [first, same, later] = built.map((t) => dates(t.app.db));
      expect(same).toEqual(first);
      for (const [day, row] of [
        ['2026-10-31', first!],
        ['2028-06-30', later!],
      ] as const) {
        expect(row.listed! <= day && row.promised! <= day && row.checked! <= day, day).toBe(true);
        expect(String(row.updated).slice(0, 10) <= day).toBe(true);
        expect(row.demo).toBe(`${day} 08:00:00`);
      }
      expect(later!.entries).toBe(first!.entries);
      expect(later!.checks).toBeGreaterThan(0);
      // Started later, the data set is as current then as the first one is now.
      expect(later!.listed! > '2028-01-01' && later!.promised! > '2028-01-01').toBe(true);
      expect(later!.firstLapse! > first!.firstLapse!).toBe(true);
    } finally {
      await Promise.all(built.map((t) => t.close()));
    }
  }, 60_000);

  it('validates CREDIT_SERVICE_JWT_SECRET and PORTAL_URL', () => {
    expect(readSettings({ CREDIT_SERVICE_JWT_SECRET: 'short', DEMO_STANDINS: 'on' }).errors).toEqual([
      'CREDIT_SERVICE_JWT_SECRET: must be at least 32 characters long (got 5)',
    ]);
    expect(readSettings({ PORTAL_URL: 'ftp://x', DEMO_STANDINS: 'on' }).errors).toEqual([
      'PORTAL_URL: must use http or https (got "ftp:")',
    ]);
    expect(
      readSettings({
        CREDIT_SERVICE_JWT_SECRET: 'k'.repeat(32),
        PORTAL_URL: 'https://xy.example/',
        DEMO_STANDINS: 'on',
      }).settings,
    ).toMatchObject({ jwtSecret: 'k'.repeat(32), portalUrl: 'https://xy.example/' });
  });
});
