import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  ERROR_MESSAGES,
  ENTITY_SEARCH_LIMIT,
  MESSAGES,
  type EntitySearchResult,
} from '@credit-portal/shared';
import dbPlugin from '../../../src/plugins/db.js';
import entitySearchPlugin from '../../../src/plugins/entity-search.js';
import errorHandlerPlugin from '../../../src/plugins/error-handler.js';
import entityRoutes from '../../../src/routes/entity/index.js';
import { entity } from '../../factories.js';
import { buildTestApp, injectJson, type TestApp } from '../../helper.js';

/*
 * Entity search in worker threads (SEARCH_WORKERS > 0): the same answers as on the main thread,
 * for the key cases of test/plugins/entity-search/entity-search.test.ts, on two copies of its 20,000-entity data set —
 * one app searching in process, one through a pool of two threads with read-only connections.
 */
const ENTITIES = 20_000;
const SEED = 2026;

type Answer = { ErrorCode: number; Data: EntitySearchResult[] | null; Msg: string };

let inProcess: TestApp;
let pooled: TestApp;

beforeAll(async () => {
  inProcess = await buildTestApp({ seedEntities: ENTITIES, seed: SEED, searchWorkers: 0 });
  pooled = await buildTestApp({ seedEntities: ENTITIES, seed: SEED, searchWorkers: 2 });
}, 120_000);
afterAll(async () => {
  await inProcess?.close();
  await pooled?.close();
});

it('waits for its threads however long a busy host takes to start them (no plugin timeout)', () => {
  expect(pooled.app.initialConfig.pluginTimeout).toBe(0);
});

function search(app: FastifyInstance, keyword: string) {
  return injectJson<Answer>(app, {
    method: 'POST',
    url: API_PATHS.entitySearch,
    payload: { EntNameOrCreditCode: keyword },
  });
}

/** The same company on both databases (same template, so the same ids). */
function onBoth(name: string, creditCode: string, legalRep: string): void {
  const fields = { name, creditCode, legalRep, regionCode: '350208', entType: '有限责任公司(自然人投资或控股)' };
  for (const { app } of [inProcess, pooled]) entity(app.db, fields);
}

/** Searches both apps; the pool's answer, which must equal the main thread's. */
async function sameAnswer(keyword: string): Promise<Answer> {
  const [own, fromPool] = await Promise.all([search(inProcess.app, keyword), search(pooled.app, keyword)]);
  expect(fromPool.status, keyword).toBe(own.status);
  expect(fromPool.body, keyword).toEqual(own.body);
  return fromPool.body;
}

describe('entity search through the worker pool', () => {
  beforeAll(() => {
    // The company and person, and a name registered in traditional characters (as the suite has them).
    onBoth('云州市北岭区佳天科技有限公司', '91350208MA0QY0001X', '覃斌红');
    onBoth('雲州市鼎盛貿易有限公司', '91350208MA0QY0002X', '林曉');
  });

  it('runs in two threads', () => {
    expect(pooled.app.entitySearch.workers).toBe(2);
    expect(inProcess.app.entitySearch.workers).toBe(0);
  });

  it('gives every kind of keyword the answer the main thread gives: rows, order, Match and Highlights', async () => {
    const code = pooled.app.db
      .prepare("SELECT credit_code FROM entities WHERE credit_code GLOB '*[A-Z]*' ORDER BY id LIMIT 1")
      .pluck()
      .get() as string;
    const person = pooled.app.db
      .prepare("SELECT legal_rep FROM entities WHERE legal_rep LIKE '覃__' ORDER BY id LIMIT 1")
      .pluck()
      .get() as string;
    const keywords = [
      // Names: 1, 2 and 3+ characters, common (capped at the limit) and rare, operators taken literally.
      '锁',
      '恒信',
      '果蔬',
      '有限',
      '有限公司',
      '"科技',
      '科技%',
      'AND OR NOT',
      // Codes: exact, any case, a prefix.
      code,
      code.toLowerCase(),
      code.slice(0, 12),
      // Several words, near matches, legal representatives, pinyin, brackets, traditional.
      '北岭 佳天',
      '科技 佳天 北岭区',
      '茶业 北岭',
      '合伙 科技',
      '佳天科枝',
      '佳天技有限',
      '佳天科枝有线公司',
      '佳天科技',
      '覃斌红',
      person,
      'jtkj',
      'JTKJ',
      'jia tian ke ji',
      'blqjt',
      '（有限合伙）',
      '(有限合伙)',
      'ＪＴＫＪ',
      '鼎盛贸易',
      '北嶺區佳天科技',
    ];
    const kinds = new Set<string>();
    for (const keyword of keywords) {
      const body = await sameAnswer(keyword);
      expect(body.ErrorCode, keyword).toBe(200);
      for (const row of body.Data!) kinds.add(row.Match!);
    }
    // The list did reach every kind of match.
    expect([...kinds].sort()).toEqual(['code', 'fuzzy', 'legalRep', 'name', 'pinyin']);
    const common = await sameAnswer('有限公司');
    expect(common.Data).toHaveLength(ENTITY_SEARCH_LIMIT);
  });

  it('answers searches in flight at once, each with its own answer', async () => {
    const keywords = ['恒信', '佳天科枝', 'jtkj', '有限公司', '北岭 佳天', '覃斌红', '鼎盛贸易', '果蔬'];
    const expected = await Promise.all(keywords.map(async (k) => (await search(inProcess.app, k)).body));
    // Twice each, all at once: the two threads take them in turn while the rest wait in the pool's queue.
    const answers = await Promise.all([...keywords, ...keywords].map((k) => search(pooled.app, k)));
    expect(answers.map((a) => a.body)).toEqual([...expected, ...expected]);
  });

  it('sees what the main connection wrote: keys computed there before a worker reads them', async () => {
    const { id } = entity(pooled.app.db, { name: '云州市北岭区鲲鹏科技有限公司', creditCode: '91350208MA0QY0003X' });
    const ids = async (keyword: string) => (await search(pooled.app, keyword)).body.Data!.map((e) => e.ID);
    expect(await ids('kpkj')).toContain(String(id));
    pooled.app.db.prepare('UPDATE entities SET name = ? WHERE id = ?').run('云州市北岭区雲鹏科技有限公司', id);
    expect(await ids('kpkj')).not.toContain(String(id));
    expect(await ids('云鹏科技')).toContain(String(id));
    pooled.app.db.prepare('DELETE FROM entities WHERE id = ?').run(id);
    expect(await ids('云鹏科技')).not.toContain(String(id));
    expect(pooled.app.db.prepare('SELECT COUNT(*) FROM entity_search_pending').pluck().get()).toBe(0);
  });

  it('still refuses an empty keyword with 400 in the envelope, before the pool', async () => {
    for (const keyword of ['', '   ', '\u3000']) {
      const { status, body } = await search(pooled.app, keyword);
      expect(status).toBe(400);
      expect(body).toEqual({ ErrorCode: 400, Data: null, Msg: MESSAGES.emptySearch });
    }
  });
});

describe('a search worker that dies mid-request', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // The parts of the app that search, on the pooled app's database, with one thread that dies
    // on a keyword starting with 崩溃 (test/plugins/entity-search/dying-search-worker.ts).
    // As buildApp: no fixed plugin timeout (a busy host may take longer than 10 s to start the threads).
    app = Fastify({ pluginTimeout: 0 });
    await app.register(errorHandlerPlugin);
    await app.register(dbPlugin, { dataDir: pooled.dataDir, seed: SEED, seedEntities: ENTITIES });
    await app.register(entitySearchPlugin, {
      workers: 1,
      workerFile: fileURLToPath(new URL('./dying-search-worker.ts', import.meta.url)),
    });
    await app.register(entityRoutes);
    await app.ready();
  }, 60_000);
  afterAll(() => app?.close());

  it('fails only its own request, with a 500 in the envelope, and the pool starts another thread', async () => {
    const keywords = ['恒信', '佳天科枝', 'jtkj'];
    const expected = await Promise.all(keywords.map(async (k) => (await search(inProcess.app, k)).body));
    // The dying search takes the one thread; the others wait in the queue behind it.
    const [died, ...others] = await Promise.all([search(app, '崩溃科技'), ...keywords.map((k) => search(app, k))]);
    expect(died.status).toBe(500);
    expect(died.body).toEqual({ ErrorCode: 500, Data: null, Msg: ERROR_MESSAGES.internal_error });
    // …and are answered by the thread started in its place.
    expect(others.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(others.map((a) => a.body)).toEqual(expected);
    // Dying again, and again answered after.
    expect((await search(app, '崩溃')).status).toBe(500);
    expect((await search(app, '恒信')).body).toEqual(expected[0]);
  });
});
