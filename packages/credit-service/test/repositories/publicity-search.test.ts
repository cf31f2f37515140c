import BetterSqlite3, { type Database } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LICENCE_CATEGORIES, PUBLICITY_SEARCH_COUNT_MAX } from '@credit-portal/shared';
import { migrate } from '../../src/db/migrate.js';
import { addMonths, localToday } from '../../src/lib/dates.js';
import { containsPattern } from '../../src/lib/sql.js';
import { BIGRAM_MAX_NAME_CHARS } from '../../src/db/migrations/013-entity-name-bigrams.js';
import { penaltyPublicizedSql } from '../../src/repositories/publicity.js';
import {
  createPublicitySearchRepository,
  gramQuery,
  type LicenceSearchFilter,
  type PenaltySearchFilter,
  type PublicitySearchRepository,
} from '../../src/repositories/publicity-search.js';
import { entity, penalty, reviewedRepair } from '../factories.js';
import { buildTestApp, type TestApp } from '../helper.js';

/*
 * A keyword is answered from the gram index (migration 034): its results must be exactly what
 * LIKE '%keyword%' on the name or document number (or the credit code in full) finds, with every
 * other filter, and follow the rows' changes in the statement that makes them.
 */

let t: TestApp;
let search: PublicitySearchRepository;
const today = localToday();
const ALL = { offset: 0, limit: -1 };

beforeAll(async () => {
  t = await buildTestApp();
  search = createPublicitySearchRepository(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, string | number | null>;

/** What LIKE finds, scanning every row: the semantics the index must keep (up to the count's cap: no page lies beyond). */
function likeIds(table: 'licences' | 'penalties', keyword: string, extra = '', params: Row = {}): string[] {
  const [name, docNo, code, date] =
    table === 'licences'
      ? ['XK_XDR_MC', 'XK_WSH', 'XK_XDR_SHXYM', 'XK_JDRQ']
      : ['CF_XDR_MC', 'CF_WSH', 'CF_XDR_SHXYM', 'CF_JDRQ'];
  const publicized = table === 'penalties' ? `AND ${penaltyPublicizedSql('@today')}` : '';
  return t.app.db
    .prepare(
      `SELECT CAST(id AS TEXT) FROM ${table} NOT INDEXED
         WHERE (${name} LIKE @like ESCAPE '\\' OR ${docNo} LIKE @like ESCAPE '\\' OR ${code} = @code) ${publicized} ${extra}
         ORDER BY ${date} DESC, id DESC`,
    )
    .pluck()
    .all({ like: containsPattern(keyword), code: keyword, ...(publicized ? { today } : {}), ...params })
    .slice(0, PUBLICITY_SEARCH_COUNT_MAX) as string[];
}

const penaltyIds = (filter: PenaltySearchFilter) => search.penalties(filter, today, ALL).rows.map((row) => row.id);
const licenceIds = (filter: LicenceSearchFilter) => search.licences(filter, ALL).rows.map((row) => row.id);

/** Keywords cut from the seeded rows: one, two, three and more characters, from names and document numbers. */
function sampleKeywords(table: 'licences' | 'penalties'): string[] {
  const [name, docNo] = table === 'licences' ? ['XK_XDR_MC', 'XK_WSH'] : ['CF_XDR_MC', 'CF_WSH'];
  const texts = t.app.db
    .prepare(`SELECT ${name} AS name, ${docNo} AS docNo FROM ${table} ORDER BY id LIMIT 12`)
    .all() as Array<{ name: string; docNo: string }>;
  const keywords = new Set<string>();
  texts.forEach(({ name: n, docNo: d }, i) => {
    const chars = [...(i % 2 ? d : n)];
    const at = i % Math.max(1, chars.length - 4);
    for (const length of [1, 2, 3, 4]) keywords.add(chars.slice(at, at + length).join(''));
  });
  return [...keywords].filter(Boolean);
}

describe('keyword results equal LIKE', () => {
  it('for one-, two- and longer keywords cut from the seeded penalties and licences', () => {
    const penaltyKeywords = sampleKeywords('penalties');
    const licenceKeywords = sampleKeywords('licences');
    expect(penaltyKeywords.some((k) => [...k].length === 1)).toBe(true);
    expect(penaltyKeywords.some((k) => [...k].length === 2)).toBe(true);
    for (const keyword of penaltyKeywords)
      expect(penaltyIds({ searchWord: keyword }), keyword).toEqual(likeIds('penalties', keyword));
    for (const keyword of licenceKeywords)
      expect(licenceIds({ searchWord: keyword }), keyword).toEqual(likeIds('licences', keyword));
    // The sample finds something: the comparison is not between two empty lists.
    expect(penaltyKeywords.filter((keyword) => likeIds('penalties', keyword).length > 0).length).toBeGreaterThan(4);
  });

  it('folds ASCII case as LIKE does, takes % and _ literally, and finds a credit code in full', () => {
    const company = entity(t.app.db, { name: `Abc测试_shop%${Date.now() % 1000}有限公司` });
    const { id } = penalty(t.app.db, company, { decidedOn: addMonths(today, -2), publicUntil: addMonths(today, 6) });
    for (const keyword of ['abc', 'ABC', 'a', 'B', 'SHOP', '_', '%', '_s', 'c测', company.creditCode]) {
      const found = penaltyIds({ searchWord: keyword });
      expect(found, keyword).toEqual(likeIds('penalties', keyword));
      expect(found, keyword).toContain(String(id));
    }
    expect(penaltyIds({ searchWord: 'abd' })).toEqual(likeIds('penalties', 'abd'));
  });

  it('with the other filters, page by page, as LIKE with the same conditions', () => {
    const authority = `测试市关键字${Date.now() % 1000}监督管理局`;
    const made = ['甲乙商贸', '乙丙商贸', '甲乙丙商贸', '丁戊商贸'].map((word, i) => {
      const { id } = penalty(t.app.db, entity(t.app.db, { name: `南昌${word}有限公司` }), {
        decidedOn: addMonths(today, -1 - i),
        publicUntil: addMonths(today, 6),
      });
      t.app.db
        .prepare('UPDATE penalties SET CF_CFJG = ?, CF_CFLB = ? WHERE id = ?')
        .run(authority, i % 2 ? '罚款' : '警告', id);
      return String(id);
    });
    const dateFrom = addMonths(today, -3);
    const extra = 'AND CF_CFJG = @authority AND CF_JDRQ >= @dateFrom';
    for (const keyword of ['乙', '甲乙', '乙丙', '甲乙丙', '商贸有限']) {
      const filter = { searchWord: keyword, authority, dateFrom };
      expect(penaltyIds(filter), keyword).toEqual(likeIds('penalties', keyword, extra, { authority, dateFrom }));
    }
    expect(penaltyIds({ searchWord: '乙', authority })).toEqual([made[0], made[1], made[2]]);
    expect(penaltyIds({ searchWord: '乙', authority, sort: 'asc' })).toEqual([made[2], made[1], made[0]]);
    expect(penaltyIds({ searchWord: '乙', authority, kind: '罚款' })).toEqual([made[1]]);
    const second = search.penalties({ searchWord: '商贸', authority }, today, { offset: 1, limit: 2 });
    expect(second.total).toBe(4);
    expect(second.rows.map((row) => row.id)).toEqual([made[1], made[2]]);
    expect(second.rows[0]).toMatchObject({ cF_CFJG: authority, cF_XDR_MC: '南昌乙丙商贸有限公司' });
  });

  it('writes a keyword query of the bigrams and ASCII trigrams, or the tokens a single character begins', () => {
    expect(gramQuery('华')).toBe(`x OR "be58d8e"*`);
    expect(gramQuery('Ab')).toBe(`x OR ("b6162")`);
    expect(gramQuery('aaa')).toBe(`x OR ("b6161" AND "t616161")`);
    expect(gramQuery('〔2024')).toBe(
      `x OR ("be3809432" AND "b3230" AND "b3032" AND "b3234" AND "t323032" AND "t303234")`,
    );
  });
});

describe('the gram index follows the rows', () => {
  it('drops an approved repair from the keyword results at once', () => {
    const company = entity(t.app.db, { name: `修复即撤${Date.now() % 1000}有限公司` });
    const { id } = penalty(t.app.db, company, { decidedOn: addMonths(today, -13), publicUntil: addMonths(today, 6) });
    expect(penaltyIds({ searchWord: '修复即撤' })).toEqual([String(id)]);
    reviewedRepair(t.app.db, t.app.site, id);
    expect(search.penalties({ searchWord: '修复即撤' }, today, ALL)).toEqual({
      rows: [],
      total: 0,
      totalCapped: false,
    });
    expect(penaltyIds({ searchWord: '即' })).not.toContain(String(id));
  });

  it('finds a renamed record by its new name only, and a deleted one no more', () => {
    const { id } = penalty(t.app.db, entity(t.app.db, { name: '旧名称测试有限公司' }), {
      decidedOn: addMonths(today, -2),
      publicUntil: addMonths(today, 6),
    });
    t.app.db.prepare('UPDATE penalties SET CF_XDR_MC = ? WHERE id = ?').run('新名称测试有限公司', id);
    expect(penaltyIds({ searchWord: '新名' })).toEqual([String(id)]);
    expect(penaltyIds({ searchWord: '旧名' })).toEqual([]);
    t.app.db.prepare('DELETE FROM penalties WHERE id = ?').run(id);
    expect(penaltyIds({ searchWord: '新名' })).toEqual([]);
  });

  it('follows a corrected decision date, kind, authority, state and deadline in order and filters', () => {
    const word = `改期${Date.now() % 1000}`;
    const [early, corrected, late] = [-3, -2, -1].map(
      (months) =>
        penalty(t.app.db, entity(t.app.db, { name: `${word}测试有限公司` }), {
          decidedOn: addMonths(today, months),
          publicUntil: addMonths(today, 6),
        }).id,
    );
    const ids = (filter: Omit<PenaltySearchFilter, 'searchWord'> = {}) => penaltyIds({ searchWord: word, ...filter });
    const update = (set: string, value: string) =>
      t.app.db.prepare(`UPDATE penalties SET ${set} = ? WHERE id = ?`).run(value, corrected);
    expect(ids()).toEqual([late, corrected, early].map(String));
    // A corrected date moves the record to its new month, in both orders and in a date range.
    update('CF_JDRQ', addMonths(today, -5));
    expect(ids()).toEqual([late, early, corrected].map(String));
    expect(ids({ sort: 'asc' })).toEqual([corrected, early, late].map(String));
    expect(ids({ dateFrom: addMonths(today, -4) })).toEqual([late, early].map(String));
    expect(ids({ dateTo: addMonths(today, -4) })).toEqual([String(corrected)]);
    expect(ids()).toEqual(likeIds('penalties', word));
    // Its kinds, authority and state: the filters find it at once, and no longer under the old ones.
    update('CF_CFLB', '行政拘留');
    expect(ids({ kind: '行政拘留' })).toEqual([String(corrected)]);
    update('CF_CFLB', '罚款');
    expect(ids({ kind: '行政拘留' })).toEqual([]);
    const authority = `改期测试${word}局`;
    update('CF_CFJG', authority);
    expect(ids({ authority })).toEqual([String(corrected)]);
    update('CF_ZT', '异议处理中');
    expect(ids({ state: '异议处理中' })).toEqual([String(corrected)]);
    expect(ids({ state: '正常' })).not.toContain(String(corrected));
    // A deadline past today leaves the publicity, one extended brings it back.
    update('CF_GSJZQ', addMonths(today, -1));
    expect(ids()).toEqual([late, early].map(String));
    update('CF_GSJZQ', addMonths(today, 30));
    expect(ids()).toEqual([late, early, corrected].map(String));
    expect(ids()).toEqual(likeIds('penalties', word));
  });

  it(`finds a text longer than the positions table (${BIGRAM_MAX_NAME_CHARS} characters) by its end`, () => {
    const name = `${'长'.repeat(BIGRAM_MAX_NAME_CHARS + 10)}尾部名称`;
    const { id } = penalty(t.app.db, entity(t.app.db), {
      decidedOn: addMonths(today, -2),
      publicUntil: addMonths(today, 6),
    });
    t.app.db.prepare('UPDATE penalties SET CF_XDR_MC = ? WHERE id = ?').run(name, id);
    expect(penaltyIds({ searchWord: '尾部名称' })).toEqual([String(id)]);
  });
});

/*
 * A generated dataset (its own database) where some keywords most records hold and others few, a
 * year of the document numbers bunching in the order: a page read from the gram index's candidates
 * in its order is exactly the LIKE scan's, in the same order, with any filters, and a keyword's
 * total is counted up to PUBLICITY_SEARCH_COUNT_MAX.
 */
describe('keyword searches on a generated dataset', () => {
  // Enough that the keywords every record holds, and a year of the document numbers, match more
  // records than the count's cap.
  const ROWS = 18_000;
  const TODAY = '2026-12-05';
  const AUTHORITIES = ['南昌市东湖区市场监督管理局', '南昌市西湖区税务局', '南昌市新建区应急管理局'];
  let db: Database;

  beforeAll(() => {
    db = new BetterSqlite3(':memory:');
    migrate(db);
    let state = 47;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const words = '华兴昌盛鑫源泰丰瑞达'.split('');
    const day = (n: number) => new Date(Date.UTC(2023, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    const licence = db.prepare(`INSERT INTO licences (XK_XDR_LB, XK_WSH, XK_XKZS, XK_XKLB, XK_XKBH, XK_NR, XK_XDR_MC,
      XK_XDR_SHXYM, XK_FRDB, XK_JDRQ, XK_YXQZ, XK_YXQZI, XK_XKJG, XK_XKJGDM, XK_LYDW, XK_LYDWDM, UPDATETIME)
      VALUES ('法人及非法人组织', @wsh, '食品经营许可证', @category, @wsh, '食品销售', @name, @code, '张三', @date, @date,
        '2099-12-31', @authority, '11360100', @authority, '11360100', @date || ' 09:00:00')`);
    const penalty = db.prepare(`INSERT INTO penalties (CF_XDR_LB, CF_WSH, CF_CFLB, CF_NR_FK, CF_NR_WFFF, CF_NR_ZKDX,
      CF_SY, CF_XDR_SHXYM, CF_YJ, CF_NR, CF_WFXW, CF_XDR_MC, CF_FRDB, CF_JDRQ, CF_CFJG, CF_GSJZQ, CF_SJLY, CF_ZT,
      UPDATETIME, severity, repaired_on, CF_XDR_ZJLX, CF_XDR_ZJHM)
      VALUES ('法人及非法人组织', @wsh, @kinds, '0.5', '0', '', '违法事实', @code, '依据', '罚款', '违法行为', @name,
        '张三', @date, @authority, @until, @authority, @state, @date || ' 09:00:00', @severity, @repaired, '', '')`);
    db.transaction(() => {
      for (let i = 1; i <= ROWS; i += 1) {
        // Dates over three years, a few hundred records a day: many share a day (the id breaks ties).
        const date = day(Math.floor(random() * 1_000));
        const name = () => `南昌${pick(words)}${pick(words)}${i % 97 === 0 ? '稀有' : '商贸'}有限公司`;
        const code = `91360100MA${String(i).padStart(8, '0')}`;
        licence.run({
          wsh: `洪许〔${date.slice(0, 4)}〕${i}号`,
          category: pick(LICENCE_CATEGORIES),
          name: name(),
          code,
          date,
          authority: pick(AUTHORITIES),
        });
        const r = random();
        penalty.run({
          wsh: `洪罚〔${date.slice(0, 4)}〕${i}号`,
          kinds: random() < 0.5 ? '罚款' : '警告;罚款',
          name: name(),
          code,
          date,
          authority: pick(AUTHORITIES),
          until: random() < 0.9 ? '2027-12-31' : '2025-01-01',
          state: pick(['正常', '正常', '信用修复中', '异议处理中']),
          severity: r < 0.05 ? '轻微' : r < 0.7 ? '一般' : '严重',
          repaired: random() < 0.03 ? day(1_100) : null,
        });
      }
    })();
    db.exec('ANALYZE');
  });
  afterAll(() => db?.close());

  type Filter = LicenceSearchFilter & PenaltySearchFilter;
  const TABLES = {
    licences: { name: 'XK_XDR_MC', docNo: 'XK_WSH', code: 'XK_XDR_SHXYM', date: 'XK_JDRQ', authority: 'XK_XKJG' },
    penalties: { name: 'CF_XDR_MC', docNo: 'CF_WSH', code: 'CF_XDR_SHXYM', date: 'CF_JDRQ', authority: 'CF_CFJG' },
  } as const;

  /** Every match of the LIKE scan, in the search's order. */
  function scan(table: keyof typeof TABLES, filter: Filter): string[] {
    const c = TABLES[table];
    const where = [`(${c.name} LIKE @like ESCAPE '\\' OR ${c.docNo} LIKE @like ESCAPE '\\' OR ${c.code} = @code)`];
    if (table === 'penalties') where.push(penaltyPublicizedSql('@today'));
    if (filter.authority) where.push(`${c.authority} = @authority`);
    if (filter.dateFrom) where.push(`${c.date} >= @dateFrom`);
    if (filter.dateTo) where.push(`${c.date} <= @dateTo`);
    if (table === 'licences' && filter.category) where.push('XK_XKLB = @category');
    if (table === 'penalties' && filter.kind) where.push(`instr(';' || CF_CFLB || ';', ';' || @kind || ';') > 0`);
    if (table === 'penalties' && filter.severity) where.push('severity = @severity');
    if (table === 'penalties' && filter.state) where.push('CF_ZT = @state');
    const direction = filter.sort === 'asc' ? 'ASC' : 'DESC';
    return db
      .prepare(
        `SELECT CAST(id AS TEXT) FROM ${table} NOT INDEXED WHERE ${where.join(' AND ')}
         ORDER BY ${c.date} ${direction}, id ${direction}`,
      )
      .pluck()
      .all({ ...filter, like: containsPattern(filter.searchWord!), code: filter.searchWord, today: TODAY }) as string[];
  }

  /** One search on a fresh repository, and whether it read the candidates in the gram index's order. */
  function run(table: keyof typeof TABLES, filter: Filter, slice: { offset: number; limit: number }) {
    const prepare = vi.spyOn(db, 'prepare');
    try {
      const repository = createPublicitySearchRepository(db);
      const page =
        table === 'licences' ? repository.licences(filter, slice) : repository.penalties(filter, TODAY, slice);
      const statements = prepare.mock.calls.map(([sql]) => sql);
      const plan = statements.some((sql) => sql.includes(`FROM ${table}_grams CROSS JOIN ${table}`))
        ? 'candidates in order'
        : 'none';
      return { ids: page.rows.map((row) => row.id), total: page.total, capped: page.totalCapped, plan };
    } finally {
      prepare.mockRestore();
    }
  }

  it('pages exactly as the LIKE scan, common and rare keywords, both orders, with filters, page 1 and later', () => {
    const plans = { licences: new Set<string>(), penalties: new Set<string>() };
    const filters: Array<Omit<Filter, 'searchWord'>> = [
      {},
      { authority: AUTHORITIES[1] },
      { dateFrom: '2024-03-01', dateTo: '2024-09-30' },
      { dateFrom: '2024-03-01' },
      { kind: '警告', severity: '一般', state: '信用修复中', category: '特许' },
      { authority: AUTHORITIES[0], dateFrom: '2023-06-01', category: '特许', kind: '警告', severity: '严重' },
    ];
    // Every record / most / a year of the document numbers / one record in 97 / one in about 100.
    for (const keyword of ['有限公司', '南昌', '华', '2024', '稀有', '华兴', '洪罚〔2023〕1'])
      for (const table of ['licences', 'penalties'] as const)
        for (const rest of filters) {
          // Oldest first is newest first reversed: (date, id) orders every record.
          const newest = scan(table, { searchWord: keyword, ...rest });
          for (const sort of ['desc', 'asc'] as const)
            for (const slice of [
              { offset: 0, limit: 10 },
              { offset: 190, limit: 10 },
            ]) {
              const filter = { searchWord: keyword, sort, ...rest };
              const all = sort === 'asc' ? [...newest].reverse() : newest;
              const found = run(table, filter, slice);
              const label = `${table} ${JSON.stringify(filter)} ${slice.offset}`;
              expect(found.ids, label).toEqual(all.slice(slice.offset, slice.offset + slice.limit));
              expect(found.total, label).toBe(Math.min(all.length, PUBLICITY_SEARCH_COUNT_MAX));
              expect(found.capped, label).toBe(all.length > PUBLICITY_SEARCH_COUNT_MAX);
              plans[table].add(found.plan);
            }
        }
    // Every keyword search read its candidates in the gram index's order.
    for (const table of ['licences', 'penalties'] as const)
      expect([...plans[table]], table).toEqual(['candidates in order']);
  });

  it('counts a keyword most records hold up to the cap and says so, and has no page beyond it', () => {
    for (const table of ['licences', 'penalties'] as const) {
      const all = scan(table, { searchWord: '有限公司' });
      expect(all.length).toBeGreaterThan(PUBLICITY_SEARCH_COUNT_MAX);
      const cap = PUBLICITY_SEARCH_COUNT_MAX;
      // The last page straddling the cap is cut there; the next one is empty, with the capped total.
      expect(run(table, { searchWord: '有限公司' }, { offset: cap - 4, limit: 10 })).toMatchObject({
        ids: all.slice(cap - 4, cap),
        total: cap,
        capped: true,
      });
      expect(run(table, { searchWord: '有限公司' }, { offset: cap, limit: 10 })).toMatchObject({
        ids: [],
        total: cap,
        capped: true,
      });
      // A rare keyword's total is exact, and not said to be capped.
      const rare = scan(table, { searchWord: '稀有' });
      expect(run(table, { searchWord: '稀有' }, { offset: 0, limit: 10 })).toMatchObject({
        total: rare.length,
        capped: false,
      });
    }
  });

  it('exports the first rows in the search order', () => {
    const repository = createPublicitySearchRepository(db);
    for (const keyword of ['有限公司', '稀有']) {
      const filter = { searchWord: keyword, sort: 'asc' as const };
      expect(repository.licenceRecords(filter, 25).map((row) => row.XK_WSH)).toEqual(
        scan('licences', filter)
          .slice(0, 25)
          .map((id) => db.prepare('SELECT XK_WSH FROM licences WHERE id = ?').pluck().get(id)),
      );
      expect(repository.penaltyRecords(filter, TODAY, 25).map((row) => row.CF_WSH)).toEqual(
        scan('penalties', filter)
          .slice(0, 25)
          .map((id) => db.prepare('SELECT CF_WSH FROM penalties WHERE id = ?').pluck().get(id)),
      );
    }
  });
});
