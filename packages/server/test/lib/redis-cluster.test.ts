import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import request from 'supertest';
import { API_PATHS, GATEWAY_PATHS } from '@credit-portal/shared';
import {
  startGateway,
  testConfig,
  uniquePrefix,
  upstreamEnv,
  waitFor,
  waitForRedis,
  type RunningGateway,
} from '../support/gateway.js';
import { RedisClusterProcesses } from '../support/redis-cluster.js';
import { startUpstream, type Upstream } from '../support/upstream.js';
import { visitBody, visitRecord } from '../support/visit-logs.js';

/**
 * Two gateways in REDIS_CLUSTER_NODES mode on a real three-master Redis Cluster (its own
 * redis-server processes on loopback ports, killed in afterAll): the shared cache tier, its
 * coalescing locks and its purges work across keys in different slots, and the visit-log stream
 * (one slot, {visitlog}) takes and delivers events. A few seconds.
 */
const bin = inject('redisServerBin');
const PURGE_TOKEN = 'cluster-purge-token-0123456789';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

describe('gateway on a Redis Cluster', () => {
  let cluster: RedisClusterProcesses;
  let upstream: Upstream;
  let a: RunningGateway;
  let b: RunningGateway;
  const prefix = uniquePrefix('cluster');

  /** The shared-tier entries of a path, by the node holding them. */
  const entriesByNode = async (path: string) => cluster.keysByNode(`${prefix}cache:e:${path}*`);
  const count = (byNode: Map<number, string[]>) => [...byNode.values()].reduce((n, keys) => n + keys.length, 0);

  beforeAll(async () => {
    if (!bin) throw new Error('this test starts its own redis-server: install it (apt-get install redis-server)');
    process.on('unhandledRejection', onUnhandled);
    cluster = await RedisClusterProcesses.start(bin, 3);
    upstream = await startUpstream();
    const env = {
      ...upstreamEnv(upstream.url),
      REDIS_CLUSTER_NODES: cluster.seed,
      REDIS_KEY_PREFIX: prefix,
      CACHE_PURGE_TOKEN: PURGE_TOKEN,
      VISITLOG_BATCH_WAIT_MS: '50',
      VISITLOG_BACKOFF_BASE_MS: '20',
      VISITLOG_BACKOFF_MAX_MS: '200',
    };
    [a, b] = await Promise.all([startGateway(testConfig(env)), startGateway(testConfig(env))]);
    for (const gateway of [a, b]) await waitForRedis(gateway);
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await Promise.all([a?.close(), b?.close()]);
    await upstream?.close();
    await cluster?.stop();
    expect(unhandled).toEqual([]);
  });

  it('connects from one seed node to every master', () => {
    expect(a.app.redis?.mode).toBe('cluster');
    expect(a.app.redis?.isReady).toBe(true);
  });

  it('shares entries in different slots between the replicas: one upstream call each', async () => {
    const pages = [1, 2, 3, 4, 5, 6, 7, 8];
    for (const pageIndex of pages) {
      const filled = await request(a.url).get(API_PATHS.permitPublicity).query({ pageIndex, pageSize: 3 }).expect(200);
      expect(filled.headers['x-cache']).toBe('MISS');
      const shared = await request(b.url).get(API_PATHS.permitPublicity).query({ pageIndex, pageSize: 3 }).expect(200);
      expect(shared.headers['x-cache']).toBe('HIT');
      expect(shared.text).toBe(filled.text);
    }
    expect(await upstream.count(API_PATHS.permitPublicity)).toBe(pages.length);
    const byNode = await entriesByNode(API_PATHS.permitPublicity);
    expect(count(byNode)).toBe(pages.length);
    // The entries' hash tags spread them over the cluster: more than one master holds some.
    expect([...byNode.values()].filter((keys) => keys.length > 0).length).toBeGreaterThan(1);
  });

  it('coalesces concurrent cold requests on both replicas into one upstream call', async () => {
    await upstream.reset();
    await upstream.fault({ pathPrefix: API_PATHS.punishPublicity, mode: 'delay', delayMs: 300 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          request(i % 2 ? a.url : b.url)
            .get(API_PATHS.punishPublicity)
            .query({ pageIndex: 9, pageSize: 3 }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
      expect(new Set(answers.map((r) => r.text)).size).toBe(1);
      expect(await upstream.count(API_PATHS.punishPublicity)).toBe(1);
    } finally {
      await upstream.fault({ pathPrefix: API_PATHS.punishPublicity, mode: 'off' });
    }
  });

  it('purges by tag and by prefix on every master and every replica', async () => {
    const purge = (body: object) =>
      request(a.url)
        .post(GATEWAY_PATHS.cachePurge)
        .set('Authorization', `Bearer ${PURGE_TOKEN}`)
        .send(body)
        .expect(200);
    for (const pageIndex of [1, 2, 3, 4, 5, 6]) {
      await request(a.url).get(API_PATHS.punishPublicity).query({ pageIndex, pageSize: 3 }).expect(200);
    }
    // b holds one of them in its in-process tier too.
    await request(b.url).get(API_PATHS.punishPublicity).query({ pageIndex: 1, pageSize: 3 }).expect(200);
    const penalties = count(await entriesByNode(API_PATHS.punishPublicity));
    expect(penalties).toBe(7); // six pages and the coalesced one

    expect((await purge({ tags: ['penalty'] })).body.data).toEqual({ purged: penalties });
    expect(count(await entriesByNode(API_PATHS.punishPublicity))).toBe(0);
    // The purge reached b over pub/sub: its in-process copy is gone too.
    await waitFor(
      async () =>
        (await request(b.url).get(API_PATHS.punishPublicity).query({ pageIndex: 1, pageSize: 3 })).headers[
          'x-cache'
        ] === 'MISS',
      'b to drop its copy',
    );

    const permits = count(await entriesByNode(API_PATHS.permitPublicity));
    expect(permits).toBe(8);
    expect((await purge({ prefix: API_PATHS.permitPublicity })).body.data).toEqual({ purged: permits });
    expect(count(await entriesByNode(API_PATHS.permitPublicity))).toBe(0);
    const again = await request(b.url).get(API_PATHS.permitPublicity).query({ pageIndex: 3, pageSize: 3 }).expect(200);
    expect(again.headers['x-cache']).toBe('MISS');
  });

  it('queues visit logs on the {visitlog} slot: a batch resent after a lost answer is stored once', async () => {
    await upstream.clearVisitLogs();
    const records = Array.from({ length: 10 }, () => ({ ...visitRecord(), eventId: randomUUID() }));
    await request(a.url).post(API_PATHS.visitLog).send(visitBody(records)).expect(202);
    await request(b.url).post(API_PATHS.visitLog).send(visitBody(records)).expect(202);
    const logs = await waitFor(async () => {
      const summary = await upstream.visitLogs();
      return summary.total >= 20 ? summary : null;
    }, 'both deliveries upstream');
    expect(logs.distinct).toBe(10);
    expect([...logs.eventIds].sort()).toEqual(records.map((r) => r.eventId).sort());
    // Every key of the stream lives on one master.
    const streamKeys = await cluster.keysByNode(`${prefix}{visitlog}*`);
    expect([...streamKeys.values()].filter((keys) => keys.length > 0)).toHaveLength(1);
  });
});
