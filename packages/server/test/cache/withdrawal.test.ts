import type { Database } from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PUBLIC_CHANGES_FOLLOW_PATH } from '@credit-portal/shared';
import { entity, penalty, reviewedRepair } from '../../../credit-service/test/factories.js';
import { localToday } from '../../../credit-service/src/lib/dates.js';
import { recordPenaltyChange } from '../../../credit-service/src/repositories/public-records.js';
import type { GatewayConfig } from '../../src/config.js';
import { withCacheTimings } from '../../src/route-table.js';
import {
  cleanupRedis,
  redisUrl,
  startGateway,
  testConfig,
  uniquePrefix,
  upstreamEnv,
  waitFor,
  waitForRedis,
  type RunningGateway,
} from '../support/gateway.js';
import { startUpstream, type Upstream } from '../support/upstream.js';

/*
 * Withdrawal within seconds: a reviewer approves a repair on the credit-service, and the penalty's
 * details and list entries leave every gateway — two replicas on one Redis, or one gateway on its
 * embedded cache — through the follow of the public-changes outbox, never to come back from a
 * stale entry while the upstream fails. Polls with generous caps: no timing is asserted here
 * (bench/withdrawal-latency.mjs measures it).
 */

type CreditService = FastifyInstance & { db: Database; site: Parameters<typeof reviewedRepair>[1] };

/** The follow on, holding calls briefly so that closing is quick. */
const FOLLOW = {
  CHANGES_FEED: 'on',
  CHANGES_FEED_WAIT_MS: '2000',
  CHANGES_FEED_BACKOFF_BASE_MS: '50',
  CHANGES_FEED_BACKOFF_MAX_MS: '500',
};

/** A penalty decided today and published as the data exchange does (with its change): the first of the notices. */
function newPenalty(upstream: Upstream): number {
  const { db } = upstream.app as CreditService;
  return db.transaction(() => {
    const { id } = penalty(db, entity(db), { decidedOn: localToday() });
    recordPenaltyChange(db, id, localToday(), { kind: 'added' });
    return id;
  })();
}

const approveRepair = (upstream: Upstream, id: number): void => {
  const service = upstream.app as CreditService;
  reviewedRepair(service.db, service.site, id);
};

const detail = (gateway: RunningGateway, id: number) =>
  request(gateway.url)
    .get(API_PATHS.punishDetail)
    .query({ id: String(id) });

const notices = (gateway: RunningGateway) =>
  request(gateway.url).get(API_PATHS.punishPublicity).query({ pageIndex: 1, pageSize: 10 });

/** Whether the gateway still publishes the penalty: its details say publicized, or the notices list it. */
async function published(gateway: RunningGateway, id: number): Promise<{ detail: boolean; listed: boolean }> {
  const [one, list] = await Promise.all([detail(gateway, id), notices(gateway)]);
  const listed = (list.body.data?.list ?? []).some((row: { RecordId: string }) => row.RecordId === String(id));
  return { detail: one.status === 200 && one.body.data?.publicized === true, listed };
}

/** Waits until the gateway publishes the new penalty (its publication purged the notices), details and list. */
const shown = (gateway: RunningGateway, id: number) =>
  waitFor(async () => {
    const state = await published(gateway, id);
    return state.detail && state.listed;
  }, 'the new penalty published');

/** Fills both the details and the notices into the gateway's cache, and checks they are served from it. */
async function cacheBoth(gateway: RunningGateway, id: number): Promise<void> {
  await shown(gateway, id);
  await waitFor(async () => (await detail(gateway, id)).headers['x-cache'] === 'HIT', 'the details cached');
  await waitFor(async () => (await notices(gateway)).headers['x-cache'] === 'HIT', 'the notices cached');
}

/** Waits until every gateway has applied the outbox through its head. */
async function settled(upstream: Upstream, gateways: RunningGateway[]): Promise<void> {
  const { db } = upstream.app as CreditService;
  const head = Number(db.prepare('SELECT MAX(seq) FROM public_changes').pluck().get());
  await waitFor(
    () => gateways.every((gateway) => (gateway.app.changeFollower?.applied ?? 0) >= head),
    'every gateway through the outbox head',
  );
}

const gone = (gateways: RunningGateway[], id: number) =>
  waitFor(
    async () => {
      for (const gateway of gateways) {
        const state = await published(gateway, id);
        if (state.detail || state.listed) return false;
      }
      return true;
    },
    'the repaired penalty gone from every gateway',
    30_000,
    100,
  );

describe('two gateways sharing Redis', () => {
  let upstream: Upstream;
  let a: RunningGateway;
  let b: RunningGateway;
  const prefix = uniquePrefix('withdrawal');
  const env = () => ({ ...upstreamEnv(upstream.url), REDIS_URL: redisUrl(), REDIS_KEY_PREFIX: prefix, ...FOLLOW });

  beforeAll(async () => {
    upstream = await startUpstream();
    [a, b] = await Promise.all([startGateway(testConfig(env())), startGateway(testConfig(env()))]);
    for (const gateway of [a, b]) await waitForRedis(gateway);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await upstream?.close();
    await cleanupRedis(redisUrl(), prefix);
  });

  it('drops an approved repair’s details and list entries on both', async () => {
    const id = newPenalty(upstream);
    await cacheBoth(a, id);
    await cacheBoth(b, id);
    approveRepair(upstream, id);
    await gone([a, b], id);
    // The other penalties' details stay cached: only this record's tag was purged.
  });

  it('keeps other records’ details cached', async () => {
    const kept = newPenalty(upstream);
    const withdrawn = newPenalty(upstream);
    // Each replica applies every change (the purge of a slower one reaches all): both done with the publications.
    await settled(upstream, [a, b]);
    await cacheBoth(a, kept);
    await cacheBoth(a, withdrawn);
    approveRepair(upstream, withdrawn);
    await gone([a], withdrawn);
    expect((await detail(a, kept)).headers['x-cache']).toBe('HIT');
  });

  it('catches up after a restart from the shared resume point, and through a credit-service that was down', async () => {
    const id = newPenalty(upstream);
    // Both replicas done with the publication first: a late one's purge of it would empty the
    // shared tier this test expects to hold the record.
    await settled(upstream, [a, b]);
    await cacheBoth(b, id);
    // Every replica down; the decision is made meanwhile, and the follow then fails for a while.
    await Promise.all([a.close(), b.close()]);
    await upstream.fault({ pathPrefix: PUBLIC_CHANGES_FOLLOW_PATH, mode: 'error', status: 503 });
    approveRepair(upstream, id);
    b = await startGateway(testConfig(env()));
    await waitForRedis(b);
    await waitFor(async () => (await upstream.count(PUBLIC_CHANGES_FOLLOW_PATH)) > 3, 'the follow retried');
    // The shared tier still holds what the restarted replica serves until the follow gets through.
    expect(await published(b, id)).toEqual({ detail: true, listed: true });
    await upstream.fault({ pathPrefix: PUBLIC_CHANGES_FOLLOW_PATH, mode: 'off' });
    await gone([b], id);
  });
});

describe('one gateway on its embedded cache (no Redis)', () => {
  let upstream: Upstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    upstream = await startUpstream();
    // Fresh for a moment only, then stale for a day when the upstream fails: what a withdrawal must not bring back.
    const adjust = (config: GatewayConfig) => {
      config.routes = withCacheTimings(config.routes, { ttlMs: 300, staleMs: 0, errorStaleMs: 86_400_000 });
    };
    gateway = await startGateway(testConfig({ ...upstreamEnv(upstream.url), ...FOLLOW }, adjust));
  });

  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('drops an approved repair’s details and list entries', async () => {
    const id = newPenalty(upstream);
    await shown(gateway, id);
    approveRepair(upstream, id);
    await gone([gateway], id);
  });

  it('never serves a withdrawn record stale while the upstream is down', async () => {
    const id = newPenalty(upstream);
    await shown(gateway, id);
    // Past freshness: the entries would be served for a day if the upstream failed.
    await new Promise((resolve) => setTimeout(resolve, 400));
    approveRepair(upstream, id);
    // The purge applied, and nothing asked since: the upstream now fails.
    await settled(upstream, [gateway]);
    await upstream.fault({ pathPrefix: '/api/dmenterprise/', mode: 'error', status: 500 });
    try {
      for (let i = 0; i < 3; i += 1) {
        const [one, list] = await Promise.all([detail(gateway, id), notices(gateway)]);
        expect(one.status).toBeGreaterThanOrEqual(500);
        expect(one.body.data?.publicized).not.toBe(true);
        expect(list.status).toBeGreaterThanOrEqual(500);
      }
    } finally {
      await upstream.fault({ pathPrefix: '/api/dmenterprise/', mode: 'off' });
    }
  });
});
