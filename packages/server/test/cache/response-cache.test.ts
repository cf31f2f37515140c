import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { API_PATHS, CONTENT_SECTIONS, GATEWAY_PATHS } from '@credit-portal/shared';
import { withCacheTimings } from '../../src/route-table.js';
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

const PURGE_TOKEN = 'test-purge-token-0123456789';
const news = (pageIndex: number) => ({ categoryId: CONTENT_SECTIONS.news.categoryId, pageIndex, pageSize: 8 });

/** The response cache of one gateway on Redis. */
describe('response cache', () => {
  let upstream: Upstream;
  let gateway: RunningGateway;
  const prefix = uniquePrefix('cache');

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await startGateway(
      testConfig({
        ...upstreamEnv(upstream.url),
        REDIS_URL: redisUrl(),
        REDIS_KEY_PREFIX: prefix,
        CACHE_PURGE_TOKEN: PURGE_TOKEN,
        CACHE_MAX_ENTRY_BYTES: '65536',
      }),
    );
    await waitForRedis(gateway);
  });

  afterEach(async () => {
    await upstream.reset();
  });

  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
    await cleanupRedis(redisUrl(), prefix);
  });

  it('answers a miss from the upstream, then hits without asking it again', async () => {
    const first = await request(gateway.url)
      .get(API_PATHS.permitPublicity)
      .query({ pageIndex: 1, pageSize: 3 })
      .expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await request(gateway.url)
      .get(API_PATHS.permitPublicity)
      .query({ pageIndex: 1, pageSize: 3 })
      .expect(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(await upstream.count(API_PATHS.permitPublicity)).toBe(1);
  });

  it('keys on canonical query and JSON body: reordered hits, different misses', async () => {
    await request(gateway.url).get(`${API_PATHS.punishPublicity}?pageIndex=2&pageSize=4`).expect(200);
    const reordered = await request(gateway.url).get(`${API_PATHS.punishPublicity}?pageSize=4&pageIndex=2`).expect(200);
    expect(reordered.headers['x-cache']).toBe('HIT');

    const body = { categoryId: CONTENT_SECTIONS.policy.categoryId, pageIndex: 1, pageSize: 8 };
    expect((await request(gateway.url).post(API_PATHS.contentList).send(body)).headers['x-cache']).toBe('MISS');
    const sameBodyOtherOrder = await request(gateway.url)
      .post(API_PATHS.contentList)
      .set('content-type', 'application/json')
      .send('{"pageSize":8,"pageIndex":1,"categoryId":"2001"}');
    expect(sameBodyOtherOrder.headers['x-cache']).toBe('HIT');
    const otherBody = await request(gateway.url)
      .post(API_PATHS.contentList)
      .send({ ...body, pageIndex: 2 });
    expect(otherBody.headers['x-cache']).toBe('MISS');
    expect(await upstream.count(API_PATHS.contentList)).toBe(2);
  });

  it('keys on what the contract names: an unknown parameter or body field makes no new entry', async () => {
    const path = `${API_PATHS.promiseList}?pageIndex=1`;
    const first = await request(gateway.url).get(`${path}&zz=a`).expect(200);
    const second = await request(gateway.url).get(`${path}&zz=b`).expect(200);
    const bare = await request(gateway.url).get(path).expect(200);
    expect([first.headers['x-cache'], second.headers['x-cache'], bare.headers['x-cache']]).toEqual([
      'MISS',
      'HIT',
      'HIT',
    ]);
    expect(second.text).toBe(first.text);
    expect(await upstream.count(API_PATHS.promiseList)).toBe(1);
    // The named parameters still key the entry.
    const otherPage = await request(gateway.url).get(`${API_PATHS.promiseList}?pageIndex=2&zz=a`).expect(200);
    expect(otherPage.headers['x-cache']).toBe('MISS');

    const body = { categoryId: CONTENT_SECTIONS.notices.categoryId, pageIndex: 3, pageSize: 8 };
    const posted = await request(gateway.url)
      .post(API_PATHS.contentList)
      .send({ ...body, buster: 'a' })
      .expect(200);
    const again = await request(gateway.url)
      .post(API_PATHS.contentList)
      .send({ ...body, buster: 'b' })
      .expect(200);
    expect([posted.headers['x-cache'], again.headers['x-cache']]).toEqual(['MISS', 'HIT']);
  });

  it('makes exactly one upstream call for 200 concurrent cold requests', async () => {
    await upstream.fault({ pathPrefix: API_PATHS.districtList, mode: 'delay', delayMs: 400 });
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => request(gateway.url).get(API_PATHS.districtList)),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(new Set(responses.map((r) => r.text)).size).toBe(1);
    expect(await upstream.count(API_PATHS.districtList)).toBe(1);
  });

  it("caches a district's siteinfo and its lists: the second identical call is a HIT", async () => {
    const sites = await request(gateway.url).get(API_PATHS.districtList).expect(200);
    const site = sites.body.data[0] as { recordId: string; categoryId: string; cmsBaseId: string };
    const siteQuery = { recordId: site.recordId, categoryId: site.categoryId, cmsBaseId: site.cmsBaseId, pageSize: 7 };
    const before = await upstream.count(API_PATHS.siteInfo);
    const first = await request(gateway.url).get(API_PATHS.siteInfo).query(siteQuery).expect(200);
    const second = await request(gateway.url).get(API_PATHS.siteInfo).query(siteQuery).expect(200);
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['MISS', 'HIT']);
    expect(second.text).toBe(first.text);
    expect(await upstream.count(API_PATHS.siteInfo)).toBe(before + 1);

    for (const path of [API_PATHS.districtLicenceList, API_PATHS.districtPenaltyList]) {
      const listQuery = { recordid: site.recordId, pageIndex: 2, pageSize: 10, searchWord: '有限公司' };
      await request(gateway.url).get(path).query(listQuery).expect(200);
      const again = await request(gateway.url).get(path).query(listQuery).expect(200);
      expect(again.headers['x-cache'], path).toBe('HIT');
    }
  });

  it('never caches an error envelope', async () => {
    const missing = { recordId: 'no-such-site' };
    await request(gateway.url).get(API_PATHS.siteInfo).query(missing).expect(404);
    const again = await request(gateway.url).get(API_PATHS.siteInfo).query(missing).expect(404);
    expect(again.headers['x-cache']).toBe('MISS');
    expect(await upstream.count(API_PATHS.siteInfo)).toBe(2);
  });

  it('never caches a non-JSON upstream answer', async () => {
    await upstream.fault({ pathPrefix: API_PATHS.permitDetail, mode: 'invalid' });
    await request(gateway.url).get(API_PATHS.permitDetail).query({ id: '2' }).expect(502);
    await upstream.fault({ pathPrefix: API_PATHS.permitDetail, mode: 'off' });
    const ok = await request(gateway.url).get(API_PATHS.permitDetail).query({ id: '2' });
    expect(ok.headers['x-cache']).toBe('MISS');
    expect(await upstream.count(API_PATHS.permitDetail)).toBe(2);
  });

  it('bypasses requests carrying a user token in a header, the query or the body', async () => {
    const query = { pageIndex: 5, pageSize: 2 };
    const variants = [
      request(gateway.url).get(API_PATHS.permitPublicity).query(query).set('Authorization', 'Bearer abc'),
      request(gateway.url).get(API_PATHS.permitPublicity).query(query).set('JwtToken', 'jwt-1'),
      request(gateway.url)
        .get(API_PATHS.permitPublicity)
        .query({ ...query, CertToken: 'cert-1' }),
      request(gateway.url).get(API_PATHS.permitPublicity).query(query).set('Infotoken', 'info-1'),
    ];
    for (const variant of variants) {
      const response = await variant.expect(200);
      expect(response.headers['x-cache']).toBe('BYPASS');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const body = await request(gateway.url)
      .post(API_PATHS.contentList)
      .send({ ...news(3), Infotoken: 'info-2' });
    expect(body.headers['x-cache']).toBe('BYPASS');
    expect(await upstream.count(API_PATHS.permitPublicity)).toBe(4);
    // The token-free request was never stored by the bypassed ones.
    expect((await request(gateway.url).get(API_PATHS.permitPublicity).query(query)).headers['x-cache']).toBe('MISS');
  });

  it('bypasses routes without a cache policy (writes, searches) and uploads', async () => {
    for (let i = 0; i < 2; i += 1) {
      const search = await request(gateway.url)
        .post(API_PATHS.entitySearch)
        .send({ EntNameOrCreditCode: '科技' })
        .expect(200);
      expect(search.headers['x-cache']).toBe('BYPASS');
    }
    expect(await upstream.count(API_PATHS.entitySearch)).toBe(2);

    // A multipart upload to a JSON route is refused at the gateway (415), never stored nor forwarded.
    const before = await upstream.count(API_PATHS.contentList);
    for (let i = 0; i < 2; i += 1) {
      const upload = await request(gateway.url)
        .post(API_PATHS.contentList)
        .field('categoryId', '1001')
        .attach('file', Buffer.from('%PDF-1.4'), 'a.pdf')
        .expect(415);
      expect(upload.headers['x-cache']).toBe('BYPASS');
      expect(upload.body).toMatchObject({ ok: false, code: 'unsupported_media_type', data: null });
    }
    expect(await upstream.count(API_PATHS.contentList)).toBe(before);
  });

  it('never stores an answer over CACHE_MAX_ENTRY_BYTES', async () => {
    const small = await startGateway(
      testConfig({
        ...upstreamEnv(upstream.url),
        REDIS_URL: redisUrl(),
        REDIS_KEY_PREFIX: `${prefix}small:`,
        CACHE_MAX_ENTRY_BYTES: '2048',
      }),
    );
    try {
      const big = { categoryId: CONTENT_SECTIONS.news.categoryId, pageIndex: 1, pageSize: 20 };
      const first = await request(small.url).post(API_PATHS.contentList).send(big).expect(200);
      expect(Buffer.byteLength(first.text)).toBeGreaterThan(2048);
      const second = await request(small.url).post(API_PATHS.contentList).send(big).expect(200);
      expect(second.headers['x-cache']).toBe('MISS');
      expect(await upstream.count(API_PATHS.contentList)).toBe(2);
      // Small answers are still cached by the same gateway.
      await request(small.url).get(API_PATHS.districtList).expect(200);
      expect((await request(small.url).get(API_PATHS.districtList)).headers['x-cache']).toBe('HIT');
    } finally {
      await small.close();
    }
  });

  describe('purge', () => {
    const purge = () => request(gateway.url).post(GATEWAY_PATHS.cachePurge);

    it('refuses a purge without the bearer token, with a wrong one, or with an empty body', async () => {
      const none = await purge()
        .send({ tags: ['content'] })
        .expect(401);
      expect(none.body).toEqual({ ok: false, code: 'unauthorized', message: '未授权的访问', data: null });
      await purge()
        .set('Authorization', 'Bearer wrong-token-wrong-token')
        .send({ tags: ['content'] })
        .expect(401);
      await purge()
        .set('Authorization', `Basic ${PURGE_TOKEN}`)
        .send({ tags: ['content'] })
        .expect(401);
      const empty = await purge().set('Authorization', `Bearer ${PURGE_TOKEN}`).send({}).expect(400);
      expect(empty.body).toMatchObject({ ok: false, code: 'bad_request' });
    });

    it('drops entries by tag', async () => {
      await request(gateway.url).post(API_PATHS.contentList).send(news(4)).expect(200);
      expect((await request(gateway.url).post(API_PATHS.contentList).send(news(4))).headers['x-cache']).toBe('HIT');
      const purged = await purge()
        .set('Authorization', `Bearer ${PURGE_TOKEN}`)
        .send({ tags: ['content'] })
        .expect(200);
      expect(purged.body).toMatchObject({ ok: true, code: 200 });
      expect(purged.body.data.purged).toBeGreaterThanOrEqual(1);
      expect((await request(gateway.url).post(API_PATHS.contentList).send(news(4))).headers['x-cache']).toBe('MISS');
    });

    it('drops entries by path prefix and leaves the others', async () => {
      const notices = await request(gateway.url)
        .get(API_PATHS.punishPublicity)
        .query({ pageIndex: 1, pageSize: 1 })
        .expect(200);
      const id: string = notices.body.data.list[0].RecordId;
      await request(gateway.url).get(API_PATHS.punishDetail).query({ id }).expect(200);
      await request(gateway.url).post(API_PATHS.contentList).send(news(5)).expect(200);
      await purge()
        .set('Authorization', `Bearer ${PURGE_TOKEN}`)
        .send({ prefix: '/api/dmenterprise/punish' })
        .expect(200);
      expect((await request(gateway.url).get(API_PATHS.punishDetail).query({ id })).headers['x-cache']).toBe('MISS');
      expect((await request(gateway.url).post(API_PATHS.contentList).send(news(5))).headers['x-cache']).toBe('HIT');
    });
  });
});

/** Freshness windows, with short timings and an upstream that can be stopped. */
describe('stale answers', () => {
  let upstream: Upstream;
  let gateway: RunningGateway;
  const prefix = uniquePrefix('stale');

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await startGateway(
      testConfig(
        {
          ...upstreamEnv(upstream.url),
          REDIS_URL: redisUrl(),
          REDIS_KEY_PREFIX: prefix,
          UPSTREAM_TIMEOUT_MS: '400',
          CIRCUIT_FAILURE_THRESHOLD: '100',
        },
        (config) => {
          config.routes = withCacheTimings(config.routes, { ttlMs: 300, staleMs: 0, errorStaleMs: 600_000 });
          // The district list serves stale while revalidating for a minute after a second of freshness.
          config.routes = config.routes.map((route) =>
            route.path === API_PATHS.districtList && route.cache
              ? { ...route, cache: { ...route.cache, ttlMs: 1000, staleMs: 60_000 } }
              : route,
          );
        },
      ),
    );
    await waitForRedis(gateway);
  });

  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
    await cleanupRedis(redisUrl(), prefix);
  });

  /** The response once it is no longer a HIT (STALE expected; MISS would mean the stale entry was lost). */
  const isStaleAt =
    (url: string, path: string, query: Record<string, string> = {}) =>
    async () => {
      const response = await request(url).get(path).query(query);
      return response.headers['x-cache'] === 'STALE' || response.headers['x-cache'] === 'MISS' ? response : null;
    };
  const isStale = (path: string, query: Record<string, string> = {}) => isStaleAt(gateway.url, path, query);

  it('serves stale while one background refresh runs, then the refreshed entry', async () => {
    const first = await request(gateway.url).get(API_PATHS.districtList).expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    await upstream.fault({ pathPrefix: API_PATHS.districtList, mode: 'delay', delayMs: 200 });
    // Once freshness ends, a burst of requests is answered stale at once while a single refresh runs.
    const stale = await waitFor(isStale(API_PATHS.districtList), 'the entry to go stale');
    expect(stale.headers['x-cache']).toBe('STALE');
    const burst = await Promise.all(Array.from({ length: 20 }, () => request(gateway.url).get(API_PATHS.districtList)));
    expect(burst.every((r) => r.headers['x-cache'] === 'STALE' || r.headers['x-cache'] === 'HIT')).toBe(true);
    expect(burst.every((r) => r.text === first.text)).toBe(true);
    await waitFor(async () => (await upstream.count(API_PATHS.districtList)) === 2, 'the background refresh');
    const refreshed = await waitFor(async () => {
      const response = await request(gateway.url).get(API_PATHS.districtList);
      return response.headers['x-cache'] === 'HIT' ? response : null;
    }, 'the refreshed entry');
    expect(refreshed.status).toBe(200);
    expect(await upstream.count(API_PATHS.districtList)).toBe(2);
    await upstream.fault({ pathPrefix: API_PATHS.districtList, mode: 'off' });
  });

  it('serves stale when the upstream answers 5xx or times out', async () => {
    const query = { pageIndex: '1', pageSize: '6' };
    const first = await request(gateway.url).get(API_PATHS.punishPublicity).query(query).expect(200);
    await upstream.fault({ pathPrefix: API_PATHS.punishPublicity, mode: 'error', status: 503 });
    const onError = await waitFor(isStale(API_PATHS.punishPublicity, query), 'freshness to end');
    expect(onError.status).toBe(200);
    expect(onError.headers['x-cache']).toBe('STALE');
    expect(onError.text).toBe(first.text);

    await upstream.fault({ pathPrefix: API_PATHS.punishPublicity, mode: 'timeout' });
    const onTimeout = await request(gateway.url).get(API_PATHS.punishPublicity).query(query).expect(200);
    expect(onTimeout.headers['x-cache']).toBe('STALE');
    expect(onTimeout.text).toBe(first.text);
    await upstream.fault({ pathPrefix: API_PATHS.punishPublicity, mode: 'off' });
  });

  it('keeps serving stale while the circuit breaker fails calls fast', async () => {
    const breaking = await startGateway(
      testConfig(
        {
          ...upstreamEnv(upstream.url),
          CIRCUIT_FAILURE_THRESHOLD: '1',
          CIRCUIT_OPEN_MS: '60000',
          UPSTREAM_RETRIES: '0',
        },
        (config) => {
          config.routes = withCacheTimings(config.routes, { ttlMs: 300, staleMs: 0, errorStaleMs: 600_000 });
        },
      ),
    );
    try {
      const query = { pageIndex: '3', pageSize: '5' };
      const first = await request(breaking.url).get(API_PATHS.permitPublicity).query(query).expect(200);
      await upstream.fault({ pathPrefix: API_PATHS.permitPublicity, mode: 'error', status: 500 });
      const stale = await waitFor(isStaleAt(breaking.url, API_PATHS.permitPublicity, query), 'freshness to end');
      expect(stale.headers['x-cache']).toBe('STALE');
      expect(stale.text).toBe(first.text);
      const ready = await request(breaking.adminUrl).get(GATEWAY_PATHS.ready).expect(200);
      expect(ready.body.data.upstreams.credit.circuit).toBe('open');
      const calls = await upstream.count(API_PATHS.permitPublicity);
      // The circuit is open: the stale entry answers without a call to the upstream.
      const again = await request(breaking.url).get(API_PATHS.permitPublicity).query(query).expect(200);
      expect(again.headers['x-cache']).toBe('STALE');
      expect(await upstream.count(API_PATHS.permitPublicity)).toBe(calls);
      const uncached = await request(breaking.url)
        .get(API_PATHS.permitPublicity)
        .query({ pageIndex: '4', pageSize: '5' })
        .expect(503);
      expect(uncached.body).toMatchObject({ ok: false, code: 'upstream_unavailable' });
    } finally {
      await upstream.fault({ pathPrefix: API_PATHS.permitPublicity, mode: 'off' });
      await breaking.close();
    }
  });

  it('serves stale with the upstream stopped, and a normalized 502 where nothing is cached', async () => {
    const query = { pageIndex: '2', pageSize: '6' };
    const first = await request(gateway.url).get(API_PATHS.permitPublicity).query(query).expect(200);
    const sites = await request(gateway.url).get(API_PATHS.districtList).expect(200);
    const port = upstream.port;
    await upstream.close();
    try {
      const stale = await waitFor(isStale(API_PATHS.permitPublicity, query), 'freshness to end');
      expect(stale.status).toBe(200);
      expect(stale.headers['x-cache']).toBe('STALE');
      expect(stale.text).toBe(first.text);
      const uncached = await request(gateway.url)
        .get(API_PATHS.permitPublicity)
        .query({ pageIndex: '3', pageSize: '6' })
        .expect(502);
      expect(uncached.body).toMatchObject({ ok: false, code: 'upstream_unavailable' });
      expect(uncached.headers['x-cache']).toBe('MISS');
      expect((await request(gateway.url).get(API_PATHS.districtList)).text).toBe(sites.text);
    } finally {
      upstream = await startUpstream(port);
    }
  });
});
