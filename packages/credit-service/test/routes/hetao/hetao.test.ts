import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, HETAO_LABELS } from '@credit-portal/shared';
import { buildApp } from '../../../src/app.js';
import { DATABASE_FILE } from '../../../src/db/open.js';
import { HETAO_NOT_FOUND } from '../../../src/routes/hetao/index.js';
import { dayNumber } from '../../../src/lib/dates.js';
import { HETAO_MEMBER_COUNT } from '../../../src/demo/seed/hetao.js';
import { TEST_ENTITIES, TEST_SEED, buildTestApp, injectJson, removeDir, tempDir, type TestApp } from '../../helper.js';

/** 信用河套 served by the credit-service. */
const AS_OF = '2026-06-30';

interface Answer<T> {
  ErrorCode: number;
  Msg: string;
  Data: T | null;
}
interface Row {
  id: string;
  EntName: string;
  CreditCode: string;
  Labels: string[];
  JoinedOn: string;
  SetUpDate: string;
  [key: string]: unknown;
}
interface Page {
  list: Row[];
  totalCount: number;
}

describe('信用河套', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ seedAsOf: AS_OF });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = <T>(url: string, query: Record<string, string | number> = {}) =>
    injectJson<Answer<T>>(t.app, {
      method: 'GET',
      url,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
  const list = (query: Record<string, string | number> = {}) => get<Page>(API_PATHS.hetaoList, query);
  const all = async (): Promise<Row[]> =>
    (await list({ pageSize: 50 })).body.Data!.list.concat((await list({ pageSize: 50, pageIndex: 2 })).body.Data!.list);
  const outsider = (): string =>
    String(
      t.app.db
        .prepare('SELECT id FROM entities WHERE id NOT IN (SELECT entity_id FROM hetao_members) ORDER BY id LIMIT 1')
        .pluck()
        .get(),
    );

  it('pages on the server, newest joined first, ten rows by default, every member once', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ErrorCode: 200 });
    expect(first.body.Data!.totalCount).toBe(HETAO_MEMBER_COUNT);
    expect(first.body.Data!.list).toHaveLength(10);
    const seen: Row[] = [];
    for (let page = 1; page <= Math.ceil(HETAO_MEMBER_COUNT / 7); page++) {
      const answer = await list({ pageIndex: page, pageSize: 7 });
      expect(answer.body.Data!.totalCount).toBe(HETAO_MEMBER_COUNT);
      seen.push(...answer.body.Data!.list);
    }
    expect(seen).toHaveLength(HETAO_MEMBER_COUNT);
    expect(new Set(seen.map((r) => r.id)).size).toBe(HETAO_MEMBER_COUNT);
    expect(seen.slice(0, 10)).toEqual(first.body.Data!.list);
    const dates = seen.map((r) => r.JoinedOn);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const row of seen) {
      expect(row.JoinedOn <= AS_OF && dayNumber(AS_OF) - dayNumber(row.JoinedOn) <= 3 * 366).toBe(true);
      expect(row.JoinedOn >= row.SetUpDate).toBe(true);
      expect(row.Labels.length).toBeGreaterThan(0);
      expect(row.Labels.every((l) => (HETAO_LABELS as readonly string[]).includes(l))).toBe(true);
      expect(Object.keys(row).sort()).toEqual(
        [
          'id',
          'EntName',
          'CreditCode',
          'EntType',
          'LegalRep',
          'SetUpDate',
          'Address',
          'Labels',
          'JoinedOn',
          'SourceUnit',
          'UpdateTime',
        ].sort(),
      );
    }
    expect((await list({ pageIndex: 100 })).body.Data).toEqual({ list: [], totalCount: HETAO_MEMBER_COUNT });
  });

  it('refuses out-of-range paging and over-long keywords with 400', async () => {
    for (const query of [
      { pageIndex: 0 },
      { pageIndex: 'x' },
      { pageIndex: 10001 },
      { pageSize: 0 },
      { pageSize: 51 },
    ]) {
      const answer = await list(query as Record<string, string | number>);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.ErrorCode).toBe(400);
    }
    expect((await list({ searchkey: '云'.repeat(201) })).status).toBe(400);
    const long = await list({ searchkey: '云'.repeat(200) });
    expect(long.status).toBe(200);
    expect(long.body.Data).toEqual({ list: [], totalCount: 0 });
  });

  it('finds a member by part of its name and by its credit code however typed', async () => {
    const rows = await all();
    const member = rows.find((r) => /[A-Z]/.test(r.CreditCode)) ?? rows[0]!;
    const part = member.EntName.slice(2, 6);
    const byName = await list({ searchkey: ` ${part} `, pageSize: 50 });
    expect(byName.body.Data!.list.map((r) => r.id)).toContain(member.id);
    expect(byName.body.Data!.list.every((r) => r.EntName.includes(part))).toBe(true);

    const code = member.CreditCode;
    const fullWidth = [...code].map((ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).join('');
    for (const typed of [code, ` ${code.toLowerCase()} `, `\u3000${fullWidth}`]) {
      const answer = await list({ searchkey: typed });
      expect(answer.body.Data, typed).toEqual({ list: [member], totalCount: 1 });
    }
  });

  it('matches keywords literally; an empty keyword lists everything', async () => {
    for (const keyword of ['%', '_', '\\', '%%', "' OR 1=1 --", '"; DROP TABLE hetao_members; --']) {
      const answer = await list({ searchkey: keyword });
      expect(answer.status).toBe(200);
      expect(answer.body.Data!.totalCount, keyword).toBe(0);
    }
    expect((await list({ searchkey: '   ' })).body.Data!.totalCount).toBe(HETAO_MEMBER_COUNT);
    expect((await list({ searchkey: '' })).body.Data!.totalCount).toBe(HETAO_MEMBER_COUNT);
  });

  it('tells members from other entities, and answers their labels', async () => {
    const member = (await list()).body.Data!.list[0]!;
    expect((await get(API_PATHS.hetaoCheck, { id: member.id })).body).toEqual({
      ErrorCode: 200,
      Msg: expect.any(String),
      Data: { isXyht: true },
    });
    expect((await get(API_PATHS.hetaoLabels, { id: member.id })).body.Data).toEqual({ labels: member.Labels });

    const other = outsider();
    const check = await get(API_PATHS.hetaoCheck, { id: other });
    expect(check.status).toBe(200);
    expect(check.body.Data).toEqual({ isXyht: false });
    const labels = await get(API_PATHS.hetaoLabels, { id: other });
    expect(labels.status).toBe(200);
    expect(labels.body.Data).toEqual({ labels: [] });
  });

  it('answers 404 未找到该主体 for an id that names no entity, 400 without one', async () => {
    for (const url of [API_PATHS.hetaoCheck, API_PATHS.hetaoLabels]) {
      for (const id of ['987654321', '0', 'abc', '1.5']) {
        const answer = await get(url, { id });
        expect(answer.status, `${url} ${id}`).toBe(404);
        expect(answer.body).toEqual({ ErrorCode: 404, Msg: HETAO_NOT_FOUND, Data: null });
      }
      expect((await get(url)).status).toBe(400);
      expect((await get(url, { id: '' })).status).toBe(400);
    }
  });
});

describe('信用河套 seed', () => {
  it('is the same for the same seed and day, and fills a database made before migration 9', async () => {
    const dataDir = await tempDir();
    try {
      const config = { dataDir, seed: TEST_SEED, seedEntities: TEST_ENTITIES, seedAsOf: AS_OF, demo: true };
      const read = (db: Database.Database) => db.prepare('SELECT * FROM hetao_members ORDER BY entity_id').all();
      let app = await buildApp(config);
      const before = read(app.db);
      expect(before).toHaveLength(HETAO_MEMBER_COUNT);
      await app.close();

      // As if made before migration 9: the table is there (migrated) but empty.
      const db = new Database(path.join(dataDir, DATABASE_FILE));
      db.prepare('DELETE FROM hetao_members').run();
      db.close();
      app = await buildApp(config);
      expect(read(app.db)).toEqual(before);
      await app.close();
    } finally {
      await removeDir(dataDir);
    }
  }, 60_000);
});
