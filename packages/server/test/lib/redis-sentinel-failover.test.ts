import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import request from 'supertest';
import { API_PATHS, GATEWAY_PATHS } from '@credit-portal/shared';
import { buildApp } from '../../src/app.js';
import {
  startGateway,
  testConfig,
  uniquePrefix,
  upstreamEnv,
  waitFor,
  type RunningGateway,
} from '../support/gateway.js';
import { freePort } from '../support/redis-process.js';
import { MASTER_NAME, SentinelTopology } from '../support/sentinel-topology.js';
import { startUpstream, type Upstream } from '../support/upstream.js';
import { visitBody, visitRecord } from '../support/visit-logs.js';

/**
 * The gateway on a Sentinel-watched primary and replica: a failover under load (SIGKILL of the
 * primary) loses no acknowledged visit-log event and every cached read keeps being answered; the
 * old primary coming back as a replica gets no writes; Sentinels restarted one by one; start-up
 * misconfiguration. Its own redis-server and redis-sentinel processes on loopback ports, killed
 * in afterAll. About 30–40 s.
 */
const bin = inject('redisServerBin');

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

/** A batch the browser keeps until it is answered 2xx: its event ids are fixed when it is made. */
interface BrowserBatch {
  ids: string[];
  body: { message: string };
}

function browserBatch(size: number): BrowserBatch {
  const records = Array.from({ length: size }, () => ({ ...visitRecord(), eventId: randomUUID() }));
  return { ids: records.map((r) => r.eventId), body: visitBody(records) };
}

const readyz = async (gateway: RunningGateway) =>
  (await request(gateway.adminUrl).get(GATEWAY_PATHS.ready)).body?.data as { status: string; redis: string };

describe('gateway on Redis Sentinel', () => {
  let topology: SentinelTopology;
  let upstream: Upstream;
  let a: RunningGateway;
  let b: RunningGateway;
  const prefix = uniquePrefix('sentinel');
  const env = () => ({
    ...upstreamEnv(upstream.url),
    REDIS_SENTINELS: topology.sentinels,
    REDIS_SENTINEL_MASTER: MASTER_NAME,
    REDIS_SENTINEL_POLL_MS: '200',
    REDIS_KEY_PREFIX: prefix,
    REDIS_WAIT_TIMEOUT_MS: '300',
    VISITLOG_RETRY_AFTER_SECONDS: '1',
    VISITLOG_BATCH_SIZE: '50',
    VISITLOG_BATCH_WAIT_MS: '50',
    VISITLOG_BACKOFF_BASE_MS: '20',
    VISITLOG_BACKOFF_MAX_MS: '200',
    VISITLOG_FORWARD_TIMEOUT_MS: '1000',
    VISITLOG_CLAIM_IDLE_MS: '2000',
  });

  beforeAll(async () => {
    if (!bin) throw new Error('these tests start their own redis-server: install it (apt-get install redis-server)');
    process.on('unhandledRejection', onUnhandled);
    topology = await SentinelTopology.start(bin);
    upstream = await startUpstream();
    [a, b] = await Promise.all([startGateway(testConfig(env())), startGateway(testConfig(env()))]);
    for (const gateway of [a, b]) await waitFor(async () => (await readyz(gateway)).redis === 'up', 'redis up');
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await Promise.all([a?.close(), b?.close()]);
    await upstream?.close();
    await topology?.stop();
    expect(unhandled).toEqual([]);
  });

  it('fails over under load: no acknowledged event lost, every cached read answered, coalescing intact', async () => {
    const primary = topology.port('primary');
    const replica = topology.port('replica');
    expect(a.app.redis?.master).toBe(`127.0.0.1:${primary}`);

    // Cached pages, filled before the failover (their TTL outlasts the test).
    const pages = [1, 2, 3].map((pageIndex) => ({ pageIndex, pageSize: 4 }));
    for (const query of pages) await request(a.url).get(API_PATHS.permitPublicity).query(query).expect(200);
    for (const query of pages) {
      const hit = await request(b.url).get(API_PATHS.permitPublicity).query(query).expect(200);
      expect(hit.headers['x-cache']).toBe('HIT');
    }

    const acknowledged = new Set<string>();
    const outstanding: BrowserBatch[] = [];
    const reads: Array<{ status: number; cache: string }> = [];
    let refused = 0;
    let running = true;
    const timings = { followedMs: 0, replicaBackMs: 0 };

    // Two browsers per gateway posting continuously; a batch leaves a browser only on 2xx.
    const browser = async (gateway: RunningGateway) => {
      while (running) {
        const batch = outstanding.shift() ?? browserBatch(5);
        const response = await request(gateway.url)
          .post(API_PATHS.visitLog)
          .send(batch.body)
          .catch(() => null);
        if (response?.status === 202) for (const id of batch.ids) acknowledged.add(id);
        else {
          if (response) {
            expect(response.status).toBe(503);
            expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
          }
          refused += 1;
          outstanding.push(batch);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    };
    const reader = async (gateway: RunningGateway) => {
      for (let i = 0; running; i += 1) {
        const response = await request(gateway.url)
          .get(API_PATHS.permitPublicity)
          .query(pages[i % pages.length]!)
          .catch((err: Error) => ({ status: 0, headers: { 'x-cache': err.message } }));
        reads.push({ status: response.status, cache: String(response.headers['x-cache']) });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const load = [browser(a), browser(a), browser(b), browser(b), reader(a), reader(b)];
    try {
      await waitFor(() => acknowledged.size >= 100, 'events acknowledged before the failover');
      const killedAt = Date.now();
      await topology.kill('primary', 'SIGKILL');
      // Sentinel promotes the replica; both gateways follow it and are ready again.
      for (const gateway of [a, b]) {
        await waitFor(
          () => gateway.app.redis?.master === `127.0.0.1:${replica}`,
          'the gateway to follow the new master',
        );
        await waitFor(async () => (await readyz(gateway)).status === 'ready', 'readiness after the failover', 10_000);
      }
      // Recorded for the README (not asserted): how long the master was away for the gateways.
      timings.followedMs = Date.now() - killedAt;
      // The new master has no replica yet: an append no replica acknowledged is not answered 2xx.
      const refusedBefore = refused;
      await waitFor(() => refused > refusedBefore + 4, 'posts refused while no replica acknowledges');
      // The old primary comes back; Sentinel turns it into the new master's replica and posts are taken again.
      await topology.restart('primary');
      await waitFor(
        async () => (await topology.role(primary)) === 'slave',
        'the old primary to become a replica',
        30_000,
      );
      timings.replicaBackMs = Date.now() - killedAt;
      const before = acknowledged.size;
      await waitFor(() => acknowledged.size >= before + 100, 'events acknowledged after the failover');
    } finally {
      running = false;
      await Promise.all(load);
    }
    // What the browsers still hold is sent again until taken.
    while (outstanding.length > 0) {
      const batch = outstanding.shift()!;
      await waitFor(
        async () => (await request(a.url).post(API_PATHS.visitLog).send(batch.body)).status === 202,
        'a resent batch to be taken',
      );
      for (const id of batch.ids) acknowledged.add(id);
    }

    // Every acknowledged event stored upstream, each once.
    const stored = await waitFor(async () => {
      const logs = await upstream.visitLogs();
      return logs.eventIds.length >= acknowledged.size ? logs : null;
    }, `all ${acknowledged.size} acknowledged events upstream`);
    const storedIds = new Set(stored.eventIds);
    expect(stored.eventIds.length).toBe(storedIds.size);
    expect([...acknowledged].filter((id) => !storedIds.has(id))).toEqual([]);
    expect(storedIds.size).toBe(acknowledged.size);

    // Every cached read answered from the cache, through the failover.
    expect(reads.length).toBeGreaterThan(20);
    expect(reads.filter((r) => r.status !== 200 || !['HIT', 'STALE'].includes(r.cache))).toEqual([]);

    // Metrics: the failover is counted and the new master is the current one.
    const metrics = (await request(a.adminUrl).get(GATEWAY_PATHS.metrics)).text;
    expect(metrics).toContain('gateway_redis_failovers_total 1');
    expect(metrics).toContain(`gateway_redis_master{address="127.0.0.1:${replica}"} 1`);
    expect(metrics).toContain(`gateway_redis_master{address="127.0.0.1:${primary}"} 0`);
    console.info(
      `failover: followed and ready ${timings.followedMs} ms after SIGKILL (down-after ${topology.downAfterMs} ms); ` +
        `old primary back as replica after ${timings.replicaBackMs} ms; ${refused} posts refused (503) and resent; ` +
        `${acknowledged.size} events acknowledged, all stored once; ${reads.length} cached reads, all HIT/STALE`,
    );

    // Coalescing after the failover: concurrent cold requests on both replicas, one upstream call.
    await upstream.reset();
    await upstream.fault({ pathPrefix: API_PATHS.permitPublicity, mode: 'delay', delayMs: 300 });
    const cold = { pageIndex: 7, pageSize: 3 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(i % 2 ? a.url : b.url)
          .get(API_PATHS.permitPublicity)
          .query(cold),
      ),
    );
    await upstream.fault({ pathPrefix: API_PATHS.permitPublicity, mode: 'off' });
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    expect(await upstream.count(API_PATHS.permitPublicity)).toBe(1);
  });

  it('never writes to the old primary, back as a replica', async () => {
    const old = topology.port('primary');
    expect(await topology.role(old)).toBe('slave');
    for (let i = 0; i < 5; i += 1) {
      for (const gateway of [a, b]) {
        await request(gateway.url).post(API_PATHS.visitLog).send(browserBatch(5).body).expect(202);
      }
    }
    const clients = String(await topology.command(old, ['CLIENT', 'LIST']));
    expect(clients).not.toContain('credit-portal-gateway');
    for (const gateway of [a, b]) expect(gateway.app.redis?.master).toBe(`127.0.0.1:${topology.port('replica')}`);
  });

  it('keeps the master while the Sentinels restart one by one', async () => {
    const master = a.app.redis?.master;
    for (const name of ['sentinel0', 'sentinel1', 'sentinel2'] as const) {
      await topology.kill(name, 'SIGTERM');
      await request(a.url).post(API_PATHS.visitLog).send(browserBatch(3).body).expect(202);
      await topology.restart(name);
      await request(b.url).post(API_PATHS.visitLog).send(browserBatch(3).body).expect(202);
    }
    await waitFor(async () => (await topology.agreedMaster()) !== null, 'the sentinels to agree');
    for (const gateway of [a, b]) {
      expect(gateway.app.redis?.master).toBe(master);
      expect((await readyz(gateway)).status).toBe('ready');
    }
  });

  it('stores a batch resent with the same event ids (its answer lost) once', async () => {
    await upstream.clearVisitLogs();
    const batch = browserBatch(10);
    await request(a.url).post(API_PATHS.visitLog).send(batch.body).expect(202);
    // The answer never reached the browser: it sends the same batch again, here to the other replica.
    await request(b.url).post(API_PATHS.visitLog).send(batch.body).expect(202);
    const logs = await waitFor(async () => {
      const summary = await upstream.visitLogs();
      return summary.total >= 20 ? summary : null;
    }, 'both deliveries upstream');
    expect(logs.distinct).toBe(10);
    expect([...logs.eventIds].sort()).toEqual([...batch.ids].sort());
  });

  it('refuses to start when no Sentinel is reachable, or none knows the master', async () => {
    const nowhere = `127.0.0.1:${await freePort()},127.0.0.1:${await freePort()}`;
    await expect(
      buildApp(testConfig({ ...env(), REDIS_SENTINELS: nowhere, REDIS_SENTINEL_POLL_MS: '200' })),
    ).rejects.toThrow(/^REDIS_SENTINELS: no Sentinel reachable/);
    await expect(buildApp(testConfig({ ...env(), REDIS_SENTINEL_MASTER: 'no-such-master' }))).rejects.toThrow(
      /^REDIS_SENTINEL_MASTER: no Sentinel .* monitors a master named "no-such-master"/,
    );
  });
});
