import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import request from 'supertest';
import { createClient } from 'redis';
import { API_PATHS, GATEWAY_PATHS } from '@credit-portal/shared';
import {
  cleanupRedis,
  redisUrl,
  startGateway,
  testConfig,
  uniquePrefix,
  waitFor,
  upstreamEnv,
} from '../support/gateway.js';
import { freePort, startRedisServer } from '../support/redis-process.js';
import { startUpstream, type Upstream } from '../support/upstream.js';
import { visitBody, visitRecord } from '../support/visit-logs.js';

/** Short claim idle time (above backoff max + forward timeout), so a dead replica's entries are reclaimed quickly. */
const RECLAIMING = {
  VISITLOG_BATCH_SIZE: '100',
  VISITLOG_BATCH_WAIT_MS: '50',
  VISITLOG_BACKOFF_BASE_MS: '20',
  VISITLOG_BACKOFF_MAX_MS: '100',
  VISITLOG_FORWARD_TIMEOUT_MS: '500',
  VISITLOG_CLAIM_IDLE_MS: '1000',
};

/** Nothing the pipeline does may end as an unhandled rejection. */
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

describe('visit-log recovery', () => {
  let upstream: Upstream;

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    upstream = await startUpstream();
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await upstream?.close();
    expect(unhandled).toEqual([]);
  });

  const env = (url: string, prefix: string) => ({
    ...upstreamEnv(upstream.url),
    REDIS_URL: url,
    REDIS_KEY_PREFIX: prefix,
    ...RECLAIMING,
  });

  it('delivers the pending entries of a replica closed mid-batch from another replica', async () => {
    const prefix = uniquePrefix('reclaim');
    const redis = createClient({ url: redisUrl() });
    redis.on('error', () => undefined);
    await redis.connect();
    try {
      await upstream.clearVisitLogs();
      await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'error', status: 503 });
      const first = await startGateway(testConfig(env(redisUrl(), prefix)));
      await waitFor(() => first.app.redis?.isReady, 'redis connection');
      await request(first.url)
        .post(API_PATHS.visitLog)
        .send(visitBody(Array.from({ length: 50 }, () => visitRecord())))
        .expect(202);
      // The first replica has read the batch and keeps failing to deliver it.
      const pending = () =>
        redis.xPending(`${prefix}{visitlog}:stream`, 'forwarders').then(
          (p) => p.pending,
          () => 0,
        );
      await waitFor(async () => (await pending()) === 50, 'the batch to be pending');
      await first.close();
      const left = await redis.xPending(`${prefix}{visitlog}:stream`, 'forwarders');
      expect(left.pending).toBe(50);
      expect(left.consumers?.map((c) => c.name)).toHaveLength(1);
      const dead = left.consumers![0]!.name;

      await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'off' });
      const second = await startGateway(testConfig(env(redisUrl(), prefix)));
      try {
        await waitFor(async () => (await upstream.visitLogs()).distinct === 50, 'the reclaimed batch upstream');
        await waitFor(async () => (await pending()) === 0, 'nothing pending');
        // Its entries reclaimed, the dead replica is removed from the group.
        await waitFor(async () => {
          const consumers = await redis.xInfoConsumers(`${prefix}{visitlog}:stream`, 'forwarders');
          return !consumers.some((c) => c.name === dead);
        }, 'the dead consumer to be removed');
      } finally {
        await second.close();
      }
    } finally {
      await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'off' });
      redis.destroy();
      await cleanupRedis(redisUrl(), prefix);
    }
  });

  it("takes over all of a dead replica's pending batches at once, not one batch per check", async () => {
    const prefix = uniquePrefix('reclaim-all');
    const stream = `${prefix}{visitlog}:stream`;
    const redis = createClient({ url: redisUrl() });
    redis.on('error', () => undefined);
    await redis.connect();
    // 20 batches of 25, all read (and left pending) by the first replica.
    const many = { ...env(redisUrl(), prefix), VISITLOG_BATCH_SIZE: '25', VISITLOG_FORWARD_CONCURRENCY: '32' };
    try {
      await upstream.clearVisitLogs();
      await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'error', status: 503 });
      const first = await startGateway(testConfig(many));
      await waitFor(() => first.app.redis?.isReady, 'redis connection');
      for (let i = 0; i < 5; i += 1) {
        await request(first.url)
          .post(API_PATHS.visitLog)
          .send(visitBody(Array.from({ length: 100 }, () => visitRecord())))
          .expect(202);
      }
      const pending = () =>
        redis.xPending(stream, 'forwarders').then(
          (p) => p.pending,
          () => 0,
        );
      await waitFor(async () => (await pending()) === 500, 'all 500 events pending under the first replica');
      await first.close();
      await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'off' });
      const second = await startGateway(testConfig(many));
      try {
        // Bound: the claim idle time (1 s) plus the longest time between two looks (5 s), with room
        // for the deliveries; one batch per look (the old behaviour) would take 20 looks.
        await waitFor(
          async () => (await upstream.visitLogs()).distinct === 500,
          'all 500 reclaimed events upstream within the bound',
          8000,
          50,
        );
      } finally {
        await second.close();
      }
    } finally {
      await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'off' });
      redis.destroy();
      await cleanupRedis(redisUrl(), prefix);
    }
  });

  it('stores every event exactly once after the upstream was down far longer than the old dead-letter window', async () => {
    const prefix = uniquePrefix('outage');
    const port = await freePort();
    // Nothing listens there yet: every delivery is refused. With these timings the old limit of
    // 10 deliveries was used up in well under a second; the outage lasts several seconds.
    const gateway = await startGateway(
      testConfig({
        ...env(redisUrl(), prefix),
        ...upstreamEnv(`http://127.0.0.1:${port}`),
        VISITLOG_BACKOFF_BASE_MS: '10',
        VISITLOG_BACKOFF_MAX_MS: '50',
      }),
    );
    let back: Upstream | null = null;
    try {
      await waitFor(() => gateway.app.redis?.isReady, 'redis connection');
      const send = () =>
        request(gateway.url)
          .post(API_PATHS.visitLog)
          .send(visitBody(Array.from({ length: 5 }, () => visitRecord())))
          .expect(202);
      let posted = 0;
      const failuresAtLeast = async (n: number) =>
        waitFor(async () => {
          const text = (await request(gateway.adminUrl).get(GATEWAY_PATHS.metrics)).text;
          const line = text
            .split('\n')
            .find((l) => l.startsWith('gateway_visitlog_forward_failures_total{kind="transient"}'));
          return line && Number(line.split(' ').pop()) >= n;
        }, `${n} transient failures`);
      // Refused: events keep coming while the forwarder retries far past 10 deliveries.
      for (let i = 0; i < 10; i += 1) {
        await send();
        posted += 5;
        await failuresAtLeast(3 * (i + 1));
      }
      // Up but failing with 503, then timing out: transient too.
      back = await startUpstream(port);
      await back.fault({ pathPrefix: API_PATHS.visitLog, mode: 'error', status: 503 });
      for (let i = 0; i < 5; i += 1) {
        await send();
        posted += 5;
      }
      await failuresAtLeast(60);
      const redis = createClient({ url: redisUrl() });
      redis.on('error', () => undefined);
      await redis.connect();
      try {
        expect(await redis.xLen(`${prefix}{visitlog}:dead`)).toBe(0);
        await back.fault({ pathPrefix: API_PATHS.visitLog, mode: 'off' });
        const stored = await waitFor(async () => {
          const logs = await back!.visitLogs();
          return logs.distinct === posted ? logs : null;
        }, `all ${posted} events upstream`);
        expect(new Set(stored.eventIds).size).toBe(posted);
        expect(await redis.xLen(`${prefix}{visitlog}:dead`)).toBe(0);
        await waitFor(async () => (await redis.xLen(`${prefix}{visitlog}:stream`)) === 0, 'an empty stream');
      } finally {
        redis.destroy();
      }
    } finally {
      await gateway.close();
      await back?.close();
      await cleanupRedis(redisUrl(), prefix);
    }
  });

  it.skipIf(!inject('redisServerBin'))(
    'refuses visit logs with 503 and Retry-After while Redis is down; resent, every one is stored',
    async () => {
      const bin = inject('redisServerBin');
      const port = await freePort();
      const dir = await mkdtemp(join(tmpdir(), 'gateway-test-redis-'));
      // Its own Redis, with an append-only file so that a restart keeps the stream, as production Redis does.
      const persistent = ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir];
      let redisProcess: ChildProcess = await startRedisServer(bin, port, persistent);
      const stopRedis = async () => {
        const exited = new Promise((resolve) => redisProcess.once('exit', resolve));
        redisProcess.kill('SIGTERM');
        await exited;
      };
      const url = `redis://127.0.0.1:${port}`;
      const gateway = await startGateway(testConfig(env(url, 'restart:')));
      try {
        await upstream.clearVisitLogs();
        await waitFor(() => gateway.app.redis?.isReady, 'redis connection');
        // What the browser does: a batch leaves its queue only on 202; anything else stays and is sent again.
        const browserQueue: { message: string }[] = [];
        const send = async (body = visitBody(Array.from({ length: 50 }, () => visitRecord()))) => {
          const response = await request(gateway.url).post(API_PATHS.visitLog).send(body);
          if (response.status !== 202) {
            expect(response.status).toBe(503);
            expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
            expect(response.body).toMatchObject({ ok: false, code: 'upstream_unavailable' });
            browserQueue.push(body);
          }
          return response.status;
        };
        for (let i = 0; i < 5; i += 1) expect(await send()).toBe(202);

        await stopRedis();
        await waitFor(() => !gateway.app.redis?.isReady, 'the gateway to notice');
        // Redis is down: nothing is acknowledged that is not durable; the gateway keeps serving.
        for (let i = 0; i < 5; i += 1) expect(await send()).toBe(503);
        const ready = await request(gateway.adminUrl).get(GATEWAY_PATHS.ready).expect(200);
        expect(ready.body.data).toMatchObject({ status: 'degraded', redis: 'down' });
        await request(gateway.url).get(GATEWAY_PATHS.health).expect(200);
        const list = await request(gateway.url).get(API_PATHS.districtList).expect(200);
        expect(list.body.ok).toBe(true);

        redisProcess = await startRedisServer(bin, port, persistent);
        await waitFor(() => gateway.app.redis?.isReady, 'the reconnection');
        for (const body of browserQueue.splice(0)) expect(await send(body)).toBe(202);
        for (let i = 0; i < 5; i += 1) expect(await send()).toBe(202);
        await waitFor(
          async () => (await upstream.visitLogs()).distinct === 750,
          'all 750 events upstream',
          30_000,
          100,
        );
      } finally {
        await gateway.close();
        await stopRedis();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
