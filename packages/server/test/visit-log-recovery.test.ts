import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import request from 'supertest';
import { createClient } from 'redis';
import { API_PATHS, GATEWAY_PATHS } from '@credit-portal/shared';
import { cleanupRedis, redisUrl, startGateway, testConfig, uniquePrefix, waitFor } from './support/gateway.js';
import { freePort, startRedisServer } from './support/redis-process.js';
import { startUpstream, type Upstream } from './support/upstream.js';
import { visitBody, visitRecord } from './support/visit-logs.js';

/** Short claim idle time (above backoff max + forward timeout), so a dead replica's entries are reclaimed quickly. */
const RECLAIMING = {
  VISITLOG_BATCH_SIZE: '100',
  VISITLOG_BATCH_WAIT_MS: '50',
  VISITLOG_BACKOFF_BASE_MS: '20',
  VISITLOG_BACKOFF_MAX_MS: '100',
  VISITLOG_FORWARD_TIMEOUT_MS: '500',
  VISITLOG_CLAIM_IDLE_MS: '1000',
  VISITLOG_MAX_DELIVERIES: '1000',
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
    CREDIT_API_URL: upstream.url,
    CMS_API_URL: upstream.url,
    REPORT_API_URL: upstream.url,
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
        redis.xPending(`${prefix}visitlog:stream`, 'forwarders').then(
          (p) => p.pending,
          () => 0,
        );
      await waitFor(async () => (await pending()) === 50, 'the batch to be pending');
      await first.close();
      const left = await redis.xPending(`${prefix}visitlog:stream`, 'forwarders');
      expect(left.pending).toBe(50);
      expect(left.consumers?.map((c) => c.name)).toHaveLength(1);

      await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'off' });
      const second = await startGateway(testConfig(env(redisUrl(), prefix)));
      try {
        await waitFor(async () => (await upstream.visitLogs()).distinct === 50, 'the reclaimed batch upstream');
        await waitFor(async () => (await pending()) === 0, 'nothing pending');
      } finally {
        await second.close();
      }
    } finally {
      await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'off' });
      redis.destroy();
      await cleanupRedis(redisUrl(), prefix);
    }
  });

  it.skipIf(!inject('redisServerBin'))(
    'survives Redis being stopped and started mid-run without losing an event',
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
        const send = () =>
          request(gateway.url)
            .post(API_PATHS.visitLog)
            .send(visitBody(Array.from({ length: 50 }, () => visitRecord())))
            .expect(202);
        for (let i = 0; i < 5; i += 1) await send();

        await stopRedis();
        await waitFor(() => !gateway.app.redis?.isReady, 'the gateway to notice');
        // Redis is down: events are held in memory, the gateway keeps serving and says it is degraded.
        for (let i = 0; i < 5; i += 1) await send();
        expect(gateway.app.visitLog.buffered).toBeGreaterThan(0);
        const ready = await request(gateway.url).get(GATEWAY_PATHS.ready).expect(200);
        expect(ready.body.data).toMatchObject({ status: 'degraded', redis: 'down' });
        await request(gateway.url).get(GATEWAY_PATHS.health).expect(200);
        const list = await request(gateway.url).get(API_PATHS.districtList).expect(200);
        expect(list.body.ok).toBe(true);

        redisProcess = await startRedisServer(bin, port, persistent);
        for (let i = 0; i < 5; i += 1) await send();
        await waitFor(
          async () => (await upstream.visitLogs()).distinct === 750,
          'all 750 events upstream',
          30_000,
          100,
        );
        expect(gateway.app.visitLog.buffered).toBe(0);
      } finally {
        await gateway.close();
        await stopRedis();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
