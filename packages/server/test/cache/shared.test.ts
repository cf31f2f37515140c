import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { API_PATHS, CONTENT_SECTIONS, GATEWAY_PATHS } from '@credit-portal/shared';
import {
  cleanupRedis,
  redisUrl,
  startGateway,
  testConfig,
  uniquePrefix,
  waitFor,
  type RunningGateway,
  upstreamEnv,
  waitForRedis,
} from '../support/gateway.js';
import { startUpstream, type Upstream } from '../support/upstream.js';

const PURGE_TOKEN = 'shared-purge-token-0123456789';

/** Two gateway replicas on one Redis: one shared cache, one upstream call per key, purges everywhere. */
describe('cache shared by two replicas', () => {
  let upstream: Upstream;
  let a: RunningGateway;
  let b: RunningGateway;
  const prefix = uniquePrefix('shared');

  beforeAll(async () => {
    upstream = await startUpstream();
    const env = {
      ...upstreamEnv(upstream.url),
      REDIS_URL: redisUrl(),
      REDIS_KEY_PREFIX: prefix,
      CACHE_PURGE_TOKEN: PURGE_TOKEN,
    };
    [a, b] = await Promise.all([startGateway(testConfig(env)), startGateway(testConfig(env))]);
    for (const gateway of [a, b]) {
      await waitForRedis(gateway);
    }
  });

  afterEach(async () => {
    await upstream.reset();
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await upstream?.close();
    await cleanupRedis(redisUrl(), prefix);
  });

  it('serves an entry one replica filled from the other without asking the upstream', async () => {
    const filled = await request(a.url).get(API_PATHS.permitPublicity).query({ pageIndex: 1, pageSize: 4 }).expect(200);
    expect(filled.headers['x-cache']).toBe('MISS');
    const shared = await request(b.url).get(API_PATHS.permitPublicity).query({ pageIndex: 1, pageSize: 4 }).expect(200);
    expect(shared.headers['x-cache']).toBe('HIT');
    expect(shared.text).toBe(filled.text);
    expect(await upstream.count(API_PATHS.permitPublicity)).toBe(1);
  });

  it('coalesces concurrent misses across replicas into one upstream call', async () => {
    await upstream.fault({ pathPrefix: API_PATHS.contentListAll, mode: 'delay', delayMs: 400 });
    const body = { categoryIds: [CONTENT_SECTIONS.news.categoryId, CONTENT_SECTIONS.notices.categoryId], pageSize: 5 };
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        request(i % 2 === 0 ? a.url : b.url)
          .post(API_PATHS.contentListAll)
          .send(body),
      ),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(new Set(responses.map((r) => r.text)).size).toBe(1);
    expect(await upstream.count(API_PATHS.contentListAll)).toBe(1);
    await upstream.fault({ pathPrefix: API_PATHS.contentListAll, mode: 'off' });
  });

  it('drops purged entries on every replica, in-process tiers included', async () => {
    const query = { pageIndex: 2, pageSize: 4 };
    await request(a.url).get(API_PATHS.punishPublicity).query(query).expect(200);
    // Both replicas now hold the entry in their in-process tier.
    expect((await request(b.url).get(API_PATHS.punishPublicity).query(query)).headers['x-cache']).toBe('HIT');
    expect((await request(a.url).get(API_PATHS.punishPublicity).query(query)).headers['x-cache']).toBe('HIT');

    await request(a.url)
      .post(GATEWAY_PATHS.cachePurge)
      .set('Authorization', `Bearer ${PURGE_TOKEN}`)
      .send({ tags: ['penalty'] })
      .expect(200);
    // The purge reaches b through Redis pub/sub.
    await waitFor(
      async () => (await request(b.url).get(API_PATHS.punishPublicity).query(query)).headers['x-cache'] === 'MISS',
      'b to drop the entry',
    );
    expect((await request(a.url).get(API_PATHS.punishPublicity).query(query)).headers['x-cache']).toBe('HIT');
  });
});
