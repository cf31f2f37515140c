import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** What LIKE finds, scanning every row: the semantics the index must keep. */
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
    .all({ like: containsPattern(keyword), code: keyword, ...(publicized ? { today } : {}), ...params }) as string[];
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

  it('writes a keyword query of the bigrams, or the tokens a single character begins', () => {
    expect(gramQuery('华')).toBe(`x OR "be58d8e"*`);
    expect(gramQuery('Ab')).toBe(`x OR ("b6162")`);
    expect(gramQuery('aaa')).toBe(`x OR ("b6161")`);
  });
});

describe('the gram index follows the rows', () => {
  it('drops an approved repair from the keyword results at once', () => {
    const company = entity(t.app.db, { name: `修复即撤${Date.now() % 1000}有限公司` });
    const { id } = penalty(t.app.db, company, { decidedOn: addMonths(today, -13), publicUntil: addMonths(today, 6) });
    expect(penaltyIds({ searchWord: '修复即撤' })).toEqual([String(id)]);
    reviewedRepair(t.app.db, t.app.site, id);
    expect(search.penalties({ searchWord: '修复即撤' }, today, ALL)).toEqual({ rows: [], total: 0 });
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
