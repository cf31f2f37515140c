import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { API_PATHS, GATEWAY_PATHS } from '@credit-portal/shared';
import {
  LogCapture,
  cleanupRedis,
  redisUrl,
  startGateway,
  testConfig,
  uniquePrefix,
  waitFor,
  upstreamEnv,
} from '../support/gateway.js';
import { freePort } from '../support/redis-process.js';
import { startUpstream, type Upstream } from '../support/upstream.js';
import { visitBody, visitRecord } from '../support/visit-logs.js';

/** Client request ids in UUID form: logged apart as clientReqId (the gateway makes the request id). */
const TRACE = [1, 2, 3, 4].map((n) => `00000000-0000-4000-8000-00000000000${n}`);

describe('observability and lifecycle', () => {
  let upstream: Upstream;

  beforeAll(async () => {
    upstream = await startUpstream();
  });

  afterAll(async () => {
    await upstream?.close();
  });

  it('writes one log line per request with its id, route, status, upstream latency and cache result', async () => {
    const logs = new LogCapture();
    const gateway = await startGateway(testConfig({ ...upstreamEnv(upstream.url), LOG_LEVEL: 'info' }), logs);
    try {
      await request(gateway.url).get(API_PATHS.districtList).set('x-request-id', TRACE[0]!).expect(200);
      await request(gateway.url).get(API_PATHS.districtList).set('x-request-id', TRACE[1]!).expect(200);
    } finally {
      await gateway.close();
    }
    const lines = logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const first = lines.filter((line) => line.clientReqId === TRACE[0]);
    expect(first).toHaveLength(1);
    expect(first[0]!.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first[0]!.reqId).not.toBe(TRACE[0]);
    expect(first[0]).toMatchObject({
      msg: 'request completed',
      method: 'GET',
      route: API_PATHS.districtList,
      statusCode: 200,
      cache: 'MISS',
      upstream: 'cms',
      upstreamMs: expect.any(Number),
      responseTimeMs: expect.any(Number),
    });
    // A cache hit is the hot path: its line is written at debug only.
    expect(lines.filter((line) => line.clientReqId === TRACE[1])).toHaveLength(0);
  });

  it('logs cache hits at debug, with their cache result and no upstream latency', async () => {
    const logs = new LogCapture();
    const gateway = await startGateway(testConfig({ ...upstreamEnv(upstream.url), LOG_LEVEL: 'debug' }), logs);
    try {
      await request(gateway.url).get(API_PATHS.districtList).set('x-request-id', TRACE[2]!).expect(200);
      await request(gateway.url).get(API_PATHS.districtList).set('x-request-id', TRACE[3]!).expect(200);
    } finally {
      await gateway.close();
    }
    const lines = logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const second = lines.filter((line) => line.clientReqId === TRACE[3]);
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ msg: 'request completed', level: 20, cache: 'HIT', statusCode: 200 });
    expect(second[0]).not.toHaveProperty('upstreamMs');
  });

  it('logs a refused request by its error’s code, never by a message that quotes the request, even at debug', async () => {
    const logs = new LogCapture();
    const gateway = await startGateway(testConfig({ ...upstreamEnv(upstream.url), LOG_LEVEL: 'debug' }), logs);
    const secret = 'a5f3c9e1b7d24680';
    try {
      // Fastify's refusal of the media type repeats the header in its message.
      const answer = await request(gateway.url)
        .post(API_PATHS.h5Entities)
        .set('content-type', `application/x-${secret}`)
        .send('{}');
      expect(answer.status).toBe(415);
      expect(answer.body).toMatchObject({ ok: false, code: 'unsupported_media_type' });
    } finally {
      await gateway.close();
    }
    expect(logs.text).not.toContain(secret);
    expect(logs.text).toContain('FST_ERR_CTP_INVALID_MEDIA_TYPE');
  });

  it('exposes request, cache, upstream, circuit and visit-log figures at /metrics', async () => {
    const prefix = uniquePrefix('metrics');
    const gateway = await startGateway(
      testConfig({
        ...upstreamEnv(upstream.url),
        REDIS_URL: redisUrl(),
        REDIS_KEY_PREFIX: prefix,
        VISITLOG_BATCH_WAIT_MS: '50',
      }),
    );
    try {
      await waitFor(() => gateway.app.redis?.isReady, 'redis connection');
      await request(gateway.url).get(API_PATHS.districtList).expect(200);
      await request(gateway.url).get(API_PATHS.districtList).expect(200);
      await request(gateway.url).post(API_PATHS.entitySearch).send({ EntNameOrCreditCode: '科技' }).expect(200);
      await request(gateway.url)
        .post(API_PATHS.visitLog)
        .send(visitBody([visitRecord(), visitRecord()]))
        .expect(202);
      await waitFor(
        async () =>
          (await request(gateway.adminUrl).get(GATEWAY_PATHS.metrics)).text.includes(
            'gateway_visitlog_forwarded_total 2',
          ),
        'forwarding',
      );
      const response = await request(gateway.adminUrl).get(GATEWAY_PATHS.metrics).expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      const text = response.text;
      for (const series of [
        `gateway_http_requests_total{route="${API_PATHS.districtList}",method="GET",status="200"} 2`,
        `gateway_http_request_duration_seconds_count{route="${API_PATHS.districtList}",method="GET"} 2`,
        'gateway_cache_requests_total{result="miss"} 1',
        'gateway_cache_requests_total{result="hit"} 1',
        'gateway_cache_requests_total{result="bypass"} 1',
        'gateway_upstream_circuit_state{upstream="cms"} 0',
        'gateway_upstream_duration_seconds_count{upstream="cms",status="2xx"}',
        'gateway_visitlog_accepted_total 2',
        'gateway_visitlog_forwarded_total 2',
        'gateway_visitlog_queued 0',
        'gateway_visitlog_pending 0',
        'gateway_visitlog_dead_lettered_total 0',
        'gateway_redis_up 1',
        'gateway_process_cpu_seconds_total',
      ]) {
        expect(text).toContain(series);
      }
    } finally {
      await gateway.close();
      await cleanupRedis(redisUrl(), prefix);
    }
  });

  it('reports ready with Redis up, and degraded but serving with Redis unreachable', async () => {
    const prefix = uniquePrefix('ready');
    const up = await startGateway(
      testConfig({ ...upstreamEnv(upstream.url), REDIS_URL: redisUrl(), REDIS_KEY_PREFIX: prefix }),
    );
    const deadRedis = `redis://127.0.0.1:${await freePort()}`;
    const down = await startGateway(testConfig({ ...upstreamEnv(upstream.url), REDIS_URL: deadRedis }));
    try {
      const ready = await waitFor(async () => {
        const response = await request(up.adminUrl).get(GATEWAY_PATHS.ready);
        return response.body.data.status === 'ready' ? response : null;
      }, 'ready');
      expect(ready.body).toMatchObject({
        ok: true,
        data: {
          redis: 'up',
          upstreams: { credit: { reachable: true, circuit: 'closed' }, cms: { reachable: true, circuit: 'closed' } },
        },
      });

      const degraded = await request(down.adminUrl).get(GATEWAY_PATHS.ready).expect(200);
      expect(degraded.body).toMatchObject({
        ok: true,
        message: 'degraded',
        data: { status: 'degraded', redis: 'down' },
      });
      await request(down.url).get(GATEWAY_PATHS.health).expect(200);
      // Without Redis the in-process tier still caches; visit logs are refused with Retry-After
      // (nothing is held in memory, where a killed replica would lose it): the browser resends.
      expect((await request(down.url).get(API_PATHS.districtList).expect(200)).headers['x-cache']).toBe('MISS');
      expect((await request(down.url).get(API_PATHS.districtList).expect(200)).headers['x-cache']).toBe('HIT');
      const refused = await request(down.url)
        .post(API_PATHS.visitLog)
        .send(visitBody([visitRecord()]))
        .expect(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.body).toMatchObject({ ok: false, code: 'upstream_unavailable' });
      // Readiness and metrics are not on the public listener.
      await request(down.url).get(GATEWAY_PATHS.ready).expect(404);
      await request(down.url).get(GATEWAY_PATHS.metrics).expect(404);
    } finally {
      await Promise.all([up.close(), down.close()]);
      await cleanupRedis(redisUrl(), prefix);
    }
  });

  it('finishes in-flight requests on close, then stops accepting', async () => {
    const gateway = await startGateway(testConfig(upstreamEnv(upstream.url)));
    await upstream.reset();
    await upstream.fault({ pathPrefix: API_PATHS.punishPublicity, mode: 'delay', delayMs: 500 });
    try {
      const inFlight = request(gateway.url).get(API_PATHS.punishPublicity).query({ pageIndex: 1, pageSize: 2 });
      const done = inFlight.then((response) => response);
      await waitFor(
        async () => (await upstream.count(API_PATHS.punishPublicity)) === 1,
        'the request to reach the upstream',
      );
      await gateway.close();
      const response = await done;
      expect(response.status).toBe(200);
      expect(response.body.ok).toBe(true);
      await expect(fetch(`${gateway.url}${GATEWAY_PATHS.health}`)).rejects.toThrow();
    } finally {
      await upstream.fault({ pathPrefix: API_PATHS.punishPublicity, mode: 'off' });
    }
  });

  it('without Redis, delivers the in-process visit-log queue before it finishes closing', async () => {
    // Batches wait up to 10 s to fill: only the shutdown drain can deliver these in time.
    const gateway = await startGateway(testConfig({ ...upstreamEnv(upstream.url), VISITLOG_BATCH_WAIT_MS: '10000' }));
    await upstream.clearVisitLogs();
    await request(gateway.url)
      .post(API_PATHS.visitLog)
      .send(visitBody(Array.from({ length: 30 }, () => visitRecord())))
      .expect(202);
    await gateway.close();
    expect((await upstream.visitLogs()).distinct).toBe(30);
  });

  it('serves the SPA build: index.html revalidated, hashed assets cached for a year, unknown files 404', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'gateway-test-web-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-3f9a1c.js"></script></body></html>',
    );
    await writeFile(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const gateway = await startGateway(testConfig({ ...upstreamEnv(upstream.url), WEB_DIST_DIR: dist }));
    try {
      const index = await request(gateway.url).get('/').expect(200);
      expect(index.headers['content-type']).toMatch(/text\/html/);
      expect(index.headers['cache-control']).toBe('no-cache');
      expect(index.headers['content-security-policy']).toContain("script-src 'self'");
      expect(index.text).toContain('<div id="root">');
      const asset = await request(gateway.url).get('/assets/index-3f9a1c.js').expect(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const icon = await request(gateway.url).get('/favicon.svg').expect(200);
      expect(icon.headers['cache-control']).toBe('public, max-age=3600');
      const missing = await request(gateway.url).get('/assets/missing.js').expect(404);
      expect(missing.body).toMatchObject({ ok: false, code: 'not_found' });
    } finally {
      await gateway.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
