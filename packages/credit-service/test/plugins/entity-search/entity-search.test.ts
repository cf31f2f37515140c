import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  ENTITY_SEARCH_LIMIT,
  MESSAGES,
  creditCodeCheckChar,
  type EntitySearchResult,
} from '@credit-portal/shared';
import { entity as newEntity } from '../../factories.js';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';

/** Enough entities that common keywords exceed the result limit, as at production scale. */
const ENTITIES = 20_000;

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp({ seedEntities: ENTITIES, seed: 2026 });
  app = testApp.app;
}, 60_000);
afterAll(() => testApp.close());

async function search(keyword: string) {
  return injectJson<{ ErrorCode: number; Data: EntitySearchResult[] | null; Msg: string }>(app, {
    method: 'POST',
    url: API_PATHS.entitySearch,
    payload: { EntNameOrCreditCode: keyword },
  });
}

/** The ground truth: every entity whose name contains the keyword, by a full scan. */
function namesContaining(keyword: string): string[] {
  return app.db
    .prepare('SELECT name FROM entities WHERE instr(name, ?) > 0 ORDER BY id')
    .pluck()
    .all(keyword) as string[];
}

function anEntity(where: string): { name: string; credit_code: string; id: number } {
  return app.db.prepare(`SELECT id, name, credit_code FROM entities WHERE ${where} ORDER BY id LIMIT 1`).get() as {
    name: string;
    credit_code: string;
    id: number;
  };
}

describe('entity search', () => {
  it('finds exactly the entities whose names contain a rare 3+ character keyword', async () => {
    const { name } = anEntity("ent_type = '农民专业合作社'");
    // The town plus trade name part is rare: a handful of hits, all of which must come back.
    const keyword = Array.from(name).slice(6, 12).join('');
    const expected = namesContaining(keyword);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(ENTITY_SEARCH_LIMIT);
    const { status, body } = await search(keyword);
    expect(status).toBe(200);
    expect(body.ErrorCode).toBe(200);
    // The name hits, then near matches of the keyword, which say so.
    const names = body.Data!.filter((e) => e.Match === 'name');
    expect(names.map((e) => e.EntName).sort()).toEqual([...expected].sort());
    expect(body.Data!.slice(0, names.length)).toEqual(names);
    expect(body.Data!.slice(names.length).every((e) => e.Match === 'fuzzy')).toBe(true);
  });

  it('puts the exact name first and caps a common keyword at the limit', async () => {
    const { name } = anEntity("name LIKE '%科技有限公司'");
    const exact = await search(name);
    expect(exact.body.Data![0]!.EntName).toBe(name);

    const keyword = '有限公司';
    expect(namesContaining(keyword).length).toBeGreaterThan(ENTITY_SEARCH_LIMIT);
    const { body } = await search(keyword);
    expect(body.Data).toHaveLength(ENTITY_SEARCH_LIMIT);
    expect(body.Data!.every((e) => e.EntName.includes(keyword))).toBe(true);
    expect(new Set(body.Data!.map((e) => e.ID)).size).toBe(ENTITY_SEARCH_LIMIT);
  });

  it('answers 1 and 2 character keywords with the entities a LIKE scan finds', async () => {
    for (const keyword of ['恒信', '锁', '果蔬']) {
      const expected = namesContaining(keyword);
      const { body } = await search(keyword);
      expect(body.ErrorCode).toBe(200);
      expect(body.Data!.length).toBe(Math.min(expected.length, ENTITY_SEARCH_LIMIT));
      expect(body.Data!.every((e) => e.EntName.includes(keyword))).toBe(true);
      if (expected.length <= ENTITY_SEARCH_LIMIT)
        expect(body.Data!.map((e) => e.EntName).sort()).toEqual([...expected].sort());
    }
  });

  it('answers a 2 character keyword with the first matches by id, exact and leading names first', async () => {
    const rare = app.db
      .prepare(
        `SELECT gram FROM entity_bigrams WHERE upper(gram) = gram
         GROUP BY gram HAVING COUNT(*) BETWEEN 2 AND 20 ORDER BY COUNT(*), gram LIMIT 1`,
      )
      .pluck()
      .get() as string;
    for (const keyword of ['有限', '科技', rare]) {
      // The ground truth of the bounded scan: the first `limit` names by id holding the keyword,
      // then the exact name, the names starting with it and the rest, each by id.
      const rows = app.db
        .prepare('SELECT id, name FROM entities WHERE instr(name, ?) > 0 ORDER BY id LIMIT ?')
        .all(keyword, ENTITY_SEARCH_LIMIT) as { id: number; name: string }[];
      const rank = (name: string) => (name === keyword ? 0 : name.startsWith(keyword) ? 1 : 2);
      const expected = rows.sort((a, b) => rank(a.name) - rank(b.name) || a.id - b.id).map((r) => String(r.id));
      expect(expected.length).toBeGreaterThan(1);
      const { body } = await search(keyword);
      expect(body.Data!.map((e) => e.ID)).toEqual(expected);
    }
  });

  it('keeps the bigram index in step with inserts, renames and deletes, folding ASCII case as LIKE does', async () => {
    const insert = (name: string, creditCode: string) => newEntity(app.db, { name, creditCode, legalRep: '林晓' });
    const code = (n: number) => `91350202MA0QX${String(n).padStart(4, '0')}X`;
    const { id } = insert('云州市Qx鲲鹏云算科技有限公司', code(1));
    // The name hits (two letters also find names by their pinyin initials, after these).
    const ids = async (keyword: string) =>
      (await search(keyword)).body.Data!.filter((e) => e.Match === 'name').map((e) => e.ID);
    for (const keyword of ['鲲鹏', 'qx', 'QX', 'Qx', 'x鲲']) expect(await ids(keyword)).toEqual([String(id)]);
    expect((await search('qx')).body.Data![0]!.ID).toBe(String(id));

    app.db.prepare('UPDATE entities SET name = ? WHERE id = ?').run('云州市鹍鹏云算科技有限公司', id);
    expect(await ids('鲲鹏')).toEqual([]);
    expect(await ids('qx')).toEqual([]);
    expect(await ids('鹍鹏')).toEqual([String(id)]);

    app.db.prepare('DELETE FROM entities WHERE id = ?').run(id);
    expect(await ids('鹍鹏')).toEqual([]);
    expect(app.db.prepare('SELECT COUNT(*) FROM entity_bigrams WHERE entity_id = ?').pluck().get(id)).toBe(0);
  });

  it('finds an entity by its credit code, in any case or width', async () => {
    const entity = anEntity("credit_code GLOB '*[A-Z]*'");
    for (const keyword of [entity.credit_code, entity.credit_code.toLowerCase(), ` ${entity.credit_code} `]) {
      const { body } = await search(keyword);
      expect(body.Data!.map((e) => e.CreditCode)).toEqual([entity.credit_code]);
    }
    const fullWidth = Array.from(entity.credit_code, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).join('');
    expect((await search(fullWidth)).body.Data![0]!.CreditCode).toBe(entity.credit_code);
  });

  it('still searches a code whose check character is wrong', async () => {
    const entity = anEntity('1 = 1');
    const first17 = `92350202MA${entity.credit_code.slice(10, 17)}`;
    const right = creditCodeCheckChar(first17)!;
    const wrongCode = first17 + (right === '0' ? '1' : '0');
    newEntity(app.db, {
      name: '云州市东湖区老码头海鲜排档',
      creditCode: wrongCode,
      entType: '个体工商户',
      legalRep: '黄海生',
    });
    const { body } = await search(wrongCode);
    expect(body.ErrorCode).toBe(200);
    expect(body.Data!.map((e) => e.CreditCode)).toEqual([wrongCode]);
    // The trigger keeps the name index in step with the insert.
    expect((await search('老码头海鲜')).body.Data!.map((e) => e.CreditCode)).toEqual([wrongCode]);
  });

  it('finds entities by the start of a credit code', async () => {
    const entity = anEntity('1 = 1');
    const prefix = entity.credit_code.slice(0, 12);
    const { body } = await search(prefix);
    expect(body.Data!.map((e) => e.CreditCode)).toContain(entity.credit_code);
    expect(body.Data!.every((e) => e.CreditCode.startsWith(prefix))).toBe(true);
  });

  it('treats quotes, wildcards and operators as plain text', async () => {
    for (const keyword of ['"科技', '科技%', '_有限', 'AND OR NOT', '科技*']) {
      const { status, body } = await search(keyword);
      expect(status).toBe(200);
      // Taken literally none of these occurs in a name; as operators or wildcards they would match many.
      expect(body.Data!.length).toBe(Math.min(namesContaining(keyword).length, ENTITY_SEARCH_LIMIT));
      expect(body.Data!.every((e) => e.EntName.includes(keyword))).toBe(true);
    }
  });

  it('asks for a keyword when it is empty or blank', async () => {
    for (const keyword of ['', '   ', '\u3000']) {
      const { status, body } = await search(keyword);
      expect(status).toBe(400);
      expect(body).toEqual({ ErrorCode: 400, Data: null, Msg: MESSAGES.emptySearch });
    }
    const missing = await injectJson(app, { method: 'POST', url: API_PATHS.entitySearch, payload: {} });
    expect(missing.body).toEqual({ ErrorCode: 400, Data: null, Msg: MESSAGES.emptySearch });
  });
});

describe('a search that forgives', () => {
  const insert = (name: string, creditCode: string, legalRep: string) =>
    newEntity(app.db, { name, creditCode, legalRep, regionCode: '350208', entType: '有限责任公司(自然人投资或控股)' });
  let jiatian: string;
  let traditional: string;

  beforeAll(() => {
    // The company and person, and a name registered in traditional characters.
    jiatian = String(insert('云州市北岭区佳天科技有限公司', '91350208MA0QY0001X', '覃斌红').id);
    traditional = String(insert('雲州市鼎盛貿易有限公司', '91350208MA0QY0002X', '林曉').id);
  });

  const ids = (rows: EntitySearchResult[]) => rows.map((e) => e.ID);
  /** The match kinds in answer order never go back to a better kind. */
  const tiersInOrder = (rows: EntitySearchResult[]) => {
    const order = ['code', 'name', 'legalRep', 'pinyin', 'fuzzy'];
    const ranks = rows.map((e) => order.indexOf(e.Match!));
    return ranks.every((rank, i) => rank >= 0 && (i === 0 || rank >= ranks[i - 1]!));
  };

  it('finds a name by several of its words, in any order', async () => {
    for (const keyword of ['北岭 佳天', '佳天 北岭', '科技 佳天 北岭区']) {
      const { body } = await search(keyword);
      expect(ids(body.Data!)).toContain(jiatian);
      const words = keyword.split(' ');
      const names = body.Data!.filter((e) => e.Match === 'name');
      expect(names.every((e) => words.every((w) => e.EntName.includes(w)))).toBe(true);
      expect(names.find((e) => e.ID === jiatian)!.Highlights).toEqual(words);
      expect(tiersInOrder(body.Data!)).toBe(true);
    }
  });

  it('answers several words with the names a full scan finds', async () => {
    const scan = app.db
      .prepare("SELECT CAST(id AS TEXT) FROM entities WHERE instr(name, '北岭') > 0 AND instr(name, '茶业') > 0")
      .pluck()
      .all() as string[];
    expect(scan.length).toBeGreaterThan(0);
    expect(scan.length).toBeLessThan(ENTITY_SEARCH_LIMIT);
    const { body } = await search('茶业 北岭');
    expect(ids(body.Data!.filter((e) => e.Match === 'name')).sort()).toEqual([...scan].sort());
    // Words that never meet in one name: no name hits at all.
    expect((await search('合伙 科技')).body.Data!.filter((e) => e.Match === 'name')).toEqual([]);
  });

  it('finds a name with one wrong character, marked as a near match, with what to suggest', async () => {
    const { body } = await search('佳天科枝');
    const hit = body.Data!.find((e) => e.ID === jiatian)!;
    expect(hit.Match).toBe('fuzzy');
    expect(hit.Highlights).toEqual(['佳天科技']);
    expect(body.Data!.every((e) => e.Match === 'fuzzy')).toBe(true);
    // A missing character, and a longer keyword with two wrong ones.
    expect(ids((await search('佳天技有限')).body.Data!)).toContain(jiatian);
    expect(ids((await search('佳天科枝有线公司')).body.Data!)).toContain(jiatian);
  });

  it('ranks exact hits before near matches', async () => {
    const { body } = await search('佳天科技');
    const names = body.Data!.filter((e) => e.Match === 'name');
    expect(ids(names)).toContain(jiatian);
    expect(names.every((e) => e.Highlights![0] === '佳天科技')).toBe(true);
    expect(body.Data!.slice(0, names.length)).toEqual(names);
    expect(tiersInOrder(body.Data!)).toBe(true);
    const near = body.Data!.filter((e) => e.Match === 'fuzzy');
    expect(near.length).toBeGreaterThan(0);
    expect(near.every((e) => !e.EntName.includes('佳天科技'))).toBe(true);
  });

  it("finds a legal representative's entities by their name", async () => {
    const { body } = await search('覃斌红');
    expect(body.Data!.filter((e) => e.Match === 'legalRep').map((e) => e.ID)).toContain(jiatian);
    // A seeded person too: every entity they represent, and no other.
    const person = app.db
      .prepare("SELECT legal_rep FROM entities WHERE legal_rep LIKE '覃__' ORDER BY id LIMIT 1")
      .pluck()
      .get() as string;
    const theirs = app.db
      .prepare('SELECT CAST(id AS TEXT) FROM entities WHERE legal_rep = ?')
      .pluck()
      .all(person) as string[];
    const found = (await search(person)).body.Data!.filter((e) => e.Match === 'legalRep');
    expect(ids(found).sort()).toEqual([...theirs].sort());
  });

  it('finds names by pinyin and pinyin initials, marking the characters', async () => {
    for (const keyword of ['jtkj', 'JTKJ', 'jiatiankeji', 'jia tian ke ji']) {
      const { body } = await search(keyword);
      const hit = body.Data!.find((e) => e.ID === jiatian);
      expect(hit, keyword).toBeDefined();
      expect(hit!.Match).toBe('pinyin');
      expect(hit!.Highlights).toEqual(['佳天科技']);
    }
    // Initials across the district and the trade name.
    const { body } = await search('blqjt');
    expect(body.Data!.find((e) => e.ID === jiatian)!.Highlights).toEqual(['北岭区佳天']);
    expect(body.Data!.every((e) => e.Match === 'pinyin')).toBe(true);
  });

  it('finds names by two pinyin initials when the keyword is two Latin letters', async () => {
    // The ground truth: every name whose stored initials hold the pair.
    const holding = (pair: string) =>
      app.db
        .prepare('SELECT COUNT(*) FROM entity_search_keys WHERE instr(initials, ?) > 0')
        .pluck()
        .get(pair) as number;
    for (const keyword of ['kj', 'KJ', 'Kj', 'k j', 'ｋｊ']) {
      const rows = (await search(keyword)).body.Data!;
      expect(rows.length, keyword).toBe(Math.min(holding('kj'), ENTITY_SEARCH_LIMIT));
      expect(
        rows.every((e) => e.Match === 'pinyin'),
        keyword,
      ).toBe(true);
      // The two characters the initials spell are marked: 科技 in the company names.
      expect(rows.filter((e) => e.Highlights?.[0] === '科技').length, keyword).toBeGreaterThan(ENTITY_SEARCH_LIMIT / 2);
      expect(
        rows.every((e) => {
          const mark = e.Highlights?.[0] ?? '';
          return Array.from(mark).length === 2 && e.EntName.includes(mark);
        }),
        keyword,
      ).toBe(true);
    }
    // A rarer pair: every name holding it, and only those.
    const rare = app.db
      .prepare(
        `SELECT pair FROM (SELECT substr(initials, n, 2) AS pair, COUNT(*) AS c FROM entity_search_keys,
           (SELECT 1 AS n UNION SELECT 5 UNION SELECT 9) GROUP BY pair) WHERE pair GLOB '[a-z][a-z]' AND c BETWEEN 3 AND 30
         ORDER BY c, pair LIMIT 1`,
      )
      .pluck()
      .get() as string;
    const expected = app.db
      .prepare('SELECT CAST(entity_id AS TEXT) FROM entity_search_keys WHERE instr(initials, ?) > 0 ORDER BY entity_id')
      .pluck()
      .all(rare) as string[];
    const names = (await search(rare)).body.Data!.filter((e) => e.Match !== 'name');
    expect(ids(names).sort()).toEqual([...expected].sort());
    // No name's initials hold these: nothing, and nothing to suggest.
    for (const keyword of ['vv', 'uu']) expect((await search(keyword)).body.Data, keyword).toEqual([]);
  });

  it('folds full-width and half-width forms', async () => {
    const partnerships = app.db
      .prepare("SELECT COUNT(*) FROM entities WHERE instr(name, '（有限合伙）') > 0")
      .pluck()
      .get() as number;
    expect(partnerships).toBeGreaterThan(0);
    for (const keyword of ['（有限合伙）', '(有限合伙)', '合伙企业（有限合伙）', 'ＪＴＫＪ']) {
      const { status, body } = await search(keyword);
      expect(status).toBe(200);
      expect(body.Data!.length).toBeGreaterThan(0);
    }
    const { body } = await search('（有限合伙）');
    const names = body.Data!.filter((e) => e.Match === 'name');
    expect(names.length).toBe(Math.min(partnerships, ENTITY_SEARCH_LIMIT));
    expect(names.every((e) => e.EntName.includes('（有限合伙）') && e.Highlights![0] === '（有限合伙）')).toBe(true);
  });

  it('folds traditional and simplified characters, both ways', async () => {
    // A simplified keyword finds the name registered in traditional characters, marked as it is spelled.
    const { body } = await search('鼎盛贸易');
    const hit = body.Data!.find((e) => e.ID === traditional)!;
    expect(hit.Match).toBe('name');
    expect(hit.Highlights).toEqual(['鼎盛貿易']);
    // A traditional keyword finds simplified names.
    const { body: fromTraditional } = await search('北嶺區佳天科技');
    const found = fromTraditional.Data!.find((e) => e.ID === jiatian)!;
    expect(found.Match).toBe('name');
    expect(found.Highlights).toEqual(['北岭区佳天科技']);
  });

  it('computes the keys of a renamed entity and forgets a deleted one', async () => {
    const { id } = insert('云州市北岭区鲲鹏科技有限公司', '91350208MA0QY0003X', '覃斌');
    expect(ids((await search('kpkj')).body.Data!)).toContain(String(id));
    app.db.prepare('UPDATE entities SET name = ? WHERE id = ?').run('云州市北岭区雲鹏科技有限公司', id);
    expect(ids((await search('kpkj')).body.Data!)).not.toContain(String(id));
    expect(ids((await search('云鹏科技')).body.Data!)).toContain(String(id));
    app.db.prepare('DELETE FROM entities WHERE id = ?').run(id);
    await search('ypkj');
    expect(app.db.prepare('SELECT COUNT(*) FROM entity_search_keys WHERE entity_id = ?').pluck().get(id)).toBe(0);
    expect(app.db.prepare('SELECT COUNT(*) FROM entity_search_pending').pluck().get()).toBe(0);
  });
});

describe('a legal representative whose name is also in trade names', () => {
  it('gets every one of their entities, after the name hits that still fit', async () => {
    // The most common two-character legal representative's name that is also a bigram of names.
    const person = app.db
      .prepare(
        `SELECT e.legal_rep FROM entities e
         WHERE length(e.legal_rep) = 2 AND EXISTS (SELECT 1 FROM entity_bigrams b WHERE b.gram = e.legal_rep)
         GROUP BY e.legal_rep ORDER BY COUNT(*) DESC, e.legal_rep LIMIT 1`,
      )
      .pluck()
      .get() as string | undefined;
    expect(person).toBeDefined();
    const theirs = app.db
      .prepare('SELECT CAST(id AS TEXT) FROM entities WHERE legal_rep = ? ORDER BY id')
      .pluck()
      .all(person) as string[];
    const { body } = await search(person!);
    const reps = body.Data!.filter((e) => e.Match === 'legalRep');
    expect(reps.map((e) => e.ID)).toEqual(theirs.slice(0, ENTITY_SEARCH_LIMIT));
    const names = body.Data!.filter((e) => e.Match === 'name');
    expect(names.every((e) => e.EntName.includes(person!))).toBe(true);
    expect(body.Data!.slice(0, names.length)).toEqual(names);
  });
});
