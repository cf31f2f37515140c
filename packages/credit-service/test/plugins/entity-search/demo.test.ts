import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, type EntitySearchResult } from '@credit-portal/shared';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';

/*
 * The forgiving search's cases on the demo data set that `npm start` seeds (seed 20260101): its entity 2 is
 * 云州市北岭区佳天科技有限公司, whose legal representative is 覃斌红. Entities are generated one by
 * one from the seed, so a small data set of that seed holds the same entity 2.
 */
const COMPANY = '云州市北岭区佳天科技有限公司';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ seed: 20260101, seedEntities: 300 });
}, 60_000);
afterAll(() => testApp.close());

async function search(keyword: string): Promise<EntitySearchResult[]> {
  const { body } = await injectJson<{ ErrorCode: number; Data: EntitySearchResult[] }>(testApp.app, {
    method: 'POST',
    url: API_PATHS.entitySearch,
    payload: { EntNameOrCreditCode: keyword },
  });
  expect(body.ErrorCode).toBe(200);
  return body.Data;
}

describe("the issue's table on the demo data", () => {
  it('has the company and its legal representative', () => {
    const row = testApp.app.db.prepare('SELECT name, legal_rep FROM entities WHERE id = 2').get();
    expect(row).toEqual({ name: COMPANY, legal_rep: '覃斌红' });
  });

  it.each([
    ['北岭 科技', 'name', ['北岭', '科技']],
    ['佳天科枝', 'fuzzy', ['佳天科技']],
    ['覃斌红', 'legalRep', undefined],
    ['jtkj', 'pinyin', ['佳天科技']],
    // Two letters: the initials of 科技, in either case.
    ['kj', 'pinyin', ['科技']],
    ['KJ', 'pinyin', ['科技']],
    ['佳天科技', 'name', ['佳天科技']],
  ] as const)('%s finds the company', async (keyword, match, highlights) => {
    const found = (await search(keyword)).find((e) => e.EntName === COMPANY);
    expect(found).toMatchObject({ ID: '2', Match: match });
    expect(found!.Highlights).toEqual(highlights);
  });

  it('finds partnerships by several words when the two-character one holds a bracket, of either width', async () => {
    for (const keyword of ['伙） 州市', '伙) 州市']) {
      const rows = await search(keyword);
      expect(rows.length, keyword).toBeGreaterThan(0);
      expect(rows.every((e) => e.EntName.includes('伙）') && e.EntName.includes('州市'))).toBe(true);
      expect(new Set(rows.map((e) => e.ID)).size).toBe(rows.length);
    }
  });

  it('finds partnerships by the full-width brackets of their names', async () => {
    const rows = await search('（有限合伙）');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((e) => e.Match === 'name' && e.EntName.endsWith('（有限合伙）'))).toBe(true);
  });
});

describe('near matches across full-width brackets', () => {
  it('finds （有限合伙） by a keyword with one wrong character, typed with either bracket', async () => {
    for (const keyword of ['（有限坊伙', '(有限坊伙)']) {
      const rows = await search(keyword);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((e) => e.Match === 'fuzzy' && e.EntName.includes('（有限合伙）'))).toBe(true);
    }
  });
});

describe('homophones', () => {
  it('finds 佳天科技 by 佳添科技, a character of the same sound', async () => {
    const found = (await search('佳添科技')).find((e) => e.EntName === COMPANY);
    expect(found).toMatchObject({ Match: 'fuzzy', Highlights: ['佳天科技'] });
  });
});
