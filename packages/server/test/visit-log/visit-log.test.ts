import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createClient } from 'redis';
import { API_PATHS, GATEWAY_PATHS, formatVisitTime, isVisitTime, type EnrichedVisitLog } from '@credit-portal/shared';
import {
  LogCapture,
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
import { replayDeadLetters } from '../../src/visit-log/dead-letter-replay.js';
import { startUpstream, type Upstream } from '../support/upstream.js';
import { visitBody, visitRecord } from '../support/visit-logs.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Fast forwarder timings for tests; the claim idle time stays above backoff + forward timeout. */
const FAST_FORWARDER = {
  VISITLOG_BATCH_SIZE: '200',
  VISITLOG_BATCH_WAIT_MS: '50',
  VISITLOG_BACKOFF_BASE_MS: '20',
  VISITLOG_BACKOFF_MAX_MS: '200',
  VISITLOG_FORWARD_TIMEOUT_MS: '2000',
  VISITLOG_CLAIM_IDLE_MS: '5000',
};

/** A queued event as the intake makes it, with a chosen event id. */
function enriched(eventId: string): EnrichedVisitLog {
  return {
    ...visitRecord(),
    ipv4: '127.0.0.1',
    ipv6: '',
    visitorAppDetail: 'Chrome 120',
    receivedLogTime: formatVisitTime(),
    eventId,
  };
}

async function metric(gateway: RunningGateway, name: string): Promise<number> {
  const text = (await request(gateway.adminUrl).get(GATEWAY_PATHS.metrics)).text;
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/** The visit-log intake and forwarder on a Redis Stream. */
describe('visit logs', () => {
  let upstream: Upstream;
  let gateway: RunningGateway;
  const prefix = uniquePrefix('visitlog');
  const redis = createClient({ url: redisUrl() });
  redis.on('error', () => undefined);

  function envFor(keyPrefix: string, extra: Record<string, string> = {}) {
    return {
      ...upstreamEnv(upstream.url),
      REDIS_URL: redisUrl(),
      REDIS_KEY_PREFIX: keyPrefix,
      TRUSTED_PROXIES: '127.0.0.1',
      VISITLOG_BODY_LIMIT_BYTES: String(64 * 1024),
      ...FAST_FORWARDER,
      ...extra,
    };
  }

  beforeAll(async () => {
    upstream = await startUpstream();
    await redis.connect();
    gateway = await startGateway(testConfig(envFor(prefix)));
    await waitForRedis(gateway);
  });

  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
    await cleanupRedis(redisUrl(), prefix);
    redis.destroy();
  });

  const post = (target: RunningGateway, body: unknown) =>
    request(target.url)
      .post(API_PATHS.visitLog)
      .send(body as object);

  it('accepts the SPA format as JSON and as a sendBeacon text/plain body, and forwards it', async () => {
    await upstream.clearVisitLogs();
    const json = await post(gateway, visitBody([visitRecord(), visitRecord('0105')])).expect(202);
    expect(json.body).toEqual({ ok: true, code: 202, message: '已接收 2 条', data: { accepted: 2, rejected: [] } });
    const beacon = await request(gateway.url)
      .post(API_PATHS.visitLog)
      .set('content-type', 'text/plain;charset=UTF-8')
      .send(JSON.stringify(visitBody([visitRecord('01')])))
      .expect(202);
    expect(beacon.body.data.accepted).toBe(1);
    await waitFor(async () => (await upstream.visitLogs()).distinct === 3, 'three events upstream');
  });

  it('enriches each record from the request, trusting X-Forwarded-For only from TRUSTED_PROXIES', async () => {
    await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'error', status: 503 });
    const untrustingPrefix = uniquePrefix('visitlog-untrusting');
    const untrusting = await startGateway(testConfig(envFor(untrustingPrefix, { TRUSTED_PROXIES: '' })));
    try {
      await post(gateway, visitBody([{ ...visitRecord('0106', 'id=9'), userid: 'u-1' }]))
        .set('x-forwarded-for', '203.0.113.7')
        .set('user-agent', IPHONE)
        .expect(202);
      await waitFor(() => untrusting.app.redis?.isReady, 'redis connection');
      await post(untrusting, visitBody([visitRecord()]))
        .set('x-forwarded-for', '203.0.113.8')
        .expect(202);

      const [trusted] = await redis.xRange(`${prefix}{visitlog}:stream`, '-', '+');
      const event = JSON.parse(trusted!.message.e!) as EnrichedVisitLog;
      expect(event).toMatchObject({
        contentCode: '0106',
        param: 'id=9',
        userid: 'u-1',
        ipv4: '203.0.113.7',
        ipv6: '',
        visitorDevice: '0',
        visitorAppDetail: 'Safari 17.0',
      });
      expect(isVisitTime(event.receivedLogTime)).toBe(true);
      // A UUIDv7: version 7, time-ordered (the upstream's index on event ids grows at its end).
      expect(event.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

      const [direct] = await redis.xRange(`${untrustingPrefix}{visitlog}:stream`, '-', '+');
      expect(JSON.parse(direct!.message.e!)).toMatchObject({ ipv4: '127.0.0.1', ipv6: '' });
    } finally {
      await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'off' });
      await untrusting.close();
      await cleanupRedis(redisUrl(), untrustingPrefix);
    }
  });

  it('keeps the good records and lists the bad ones by index; all bad is a 400', async () => {
    const mixed = await post(
      gateway,
      visitBody([visitRecord(), { ...visitRecord(), visitorDevice: '9' }, visitRecord(), { contentCode: '' }]),
    ).expect(202);
    expect(mixed.body).toMatchObject({ ok: true, code: 202, data: { accepted: 2 } });
    expect(mixed.body.data.rejected.map((r: { index: number }) => r.index)).toEqual([1, 3]);
    expect(mixed.body.message).toBe('已接收 2 条，2 条格式有误：#1、#3');

    const bad = await post(gateway, visitBody([{ ...visitRecord(), visitTime: 'yesterday' }])).expect(400);
    expect(bad.body).toMatchObject({ ok: false, code: 'bad_request', message: '访问日志记录格式有误：#0' });
    expect(bad.body.data.rejected[0]).toMatchObject({ index: 0, reason: expect.stringContaining('visitTime') });
  });

  it('refuses malformed and oversized bodies in the normalized envelope', async () => {
    const cases: Array<[string, string, number, string]> = [
      ['application/json', '{"message":', 400, 'bad_request'],
      ['text/plain', 'not json at all', 400, 'bad_request'],
      ['application/json', '{"message":"***"}', 400, 'bad_request'],
      ['application/json', '{}', 400, 'bad_request'],
      ['application/json', JSON.stringify(visitBody([visitRecord()], 'another-app')), 400, 'bad_request'],
      ['application/xml', '<message/>', 415, 'unsupported_media_type'],
      ['application/json', JSON.stringify({ message: 'A'.repeat(70 * 1024) }), 413, 'payload_too_large'],
      ['text/plain', JSON.stringify({ message: 'A'.repeat(70 * 1024) }), 413, 'payload_too_large'],
    ];
    for (const [type, body, status, code] of cases) {
      const response = await request(gateway.url).post(API_PATHS.visitLog).set('content-type', type).send(body);
      expect({ type, status: response.status }).toEqual({ type, status });
      expect(Object.keys(response.body).sort()).toEqual(['code', 'data', 'message', 'ok']);
      expect(response.body).toMatchObject({ ok: false, code });
    }
  });

  it('delivers every one of 10,000 events although the upstream fails for part of the run', async () => {
    // Start from an empty pipeline and an empty upstream, so that exactly these events are counted.
    await waitFor(
      async () =>
        (await metric(gateway, 'gateway_visitlog_pending')) + (await metric(gateway, 'gateway_visitlog_queued')) === 0,
      'earlier events to be delivered',
    );
    await upstream.clearVisitLogs();
    await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'error', status: 503 });
    const failuresBefore = await metric(gateway, 'gateway_visitlog_forward_failures_total{kind="transient"}');
    const sendRequests = async (count: number) => {
      for (let i = 0; i < count; i += 10) {
        await Promise.all(
          Array.from({ length: Math.min(10, count - i) }, () =>
            post(gateway, visitBody(Array.from({ length: 100 }, (_, n) => visitRecord('0105', `n=${n}`)))).expect(202),
          ),
        );
      }
    };
    await sendRequests(50);
    await waitFor(
      async () => (await metric(gateway, 'gateway_visitlog_forward_failures_total{kind="transient"}')) > failuresBefore,
      'failed deliveries',
    );
    await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'off' });
    await sendRequests(50);
    const received = await waitFor(
      async () => {
        const summary = await upstream.visitLogs();
        return summary.distinct >= 10_000 ? summary : null;
      },
      '10,000 distinct events upstream',
      90_000,
      250,
    );
    expect(received.distinct).toBe(10_000);
    expect(received.total).toBeGreaterThanOrEqual(10_000);
    await waitFor(async () => (await metric(gateway, 'gateway_visitlog_pending')) === 0, 'nothing pending');
    expect(await metric(gateway, 'gateway_visitlog_queued')).toBe(0);
  }, 120_000);

  it('dead-letters only what the upstream rejects, splitting a batch so its neighbours are delivered; replay brings them back', async () => {
    const deadPrefix = uniquePrefix('visitlog-dead');
    const logs = new LogCapture();
    const dying = await startGateway(testConfig(envFor(deadPrefix, { LOG_LEVEL: 'info' })), logs);
    try {
      await upstream.clearVisitLogs();
      await waitFor(() => dying.app.redis?.isReady, 'redis connection');
      // One event the upstream refuses (a visitTime it cannot read) queued in one batch with 9 good ones.
      const good = Array.from({ length: 9 }, (_, i) => enriched(`good-${i}`));
      const bad = { ...enriched('bad'), visitTime: '2026-13-45 99:99:99' };
      await dying.app.visitLog.append([...good.slice(0, 4), bad, ...good.slice(4)]);
      await waitFor(async () => (await redis.xLen(`${deadPrefix}{visitlog}:dead`)) === 1, 'one dead letter');
      await waitFor(async () => (await upstream.visitLogs()).distinct === 9, 'the 9 neighbours upstream');
      const [dead] = await redis.xRange(`${deadPrefix}{visitlog}:dead`, '-', '+');
      expect(JSON.parse(dead!.message.e!)).toMatchObject({ eventId: 'bad' });
      expect(dead!.message.reason).toContain('400');
      expect((await upstream.visitLogs()).eventIds.sort()).toEqual(good.map((e) => e.eventId).sort());
      expect(logs.text).toContain('visit-log batch rejected; splitting it');
      expect(logs.text).toContain('moved to the dead-letter stream');
      expect(await metric(dying, 'gateway_visitlog_dead_lettered_total')).toBe(1);

      // The upstream refuses everything for a while (a deployment gone wrong): each event ends dead alone.
      await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'error', status: 400 });
      await post(dying, visitBody([visitRecord(), visitRecord(), visitRecord()])).expect(202);
      await waitFor(async () => (await redis.xLen(`${deadPrefix}{visitlog}:dead`)) === 4, 'four dead letters');
      await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'off' });

      // Fixed: the replay command moves them back; the three good ones are stored, the bad one dies again.
      const replayed = await replayDeadLetters(redis, { keyPrefix: deadPrefix });
      expect(replayed).toEqual({ moved: 4, left: 0 });
      await waitFor(async () => (await upstream.visitLogs()).distinct === 12, 'the replayed events upstream');
      await waitFor(async () => (await redis.xLen(`${deadPrefix}{visitlog}:dead`)) === 1, 'the bad event dead again');
      expect(await replayDeadLetters(redis, { keyPrefix: deadPrefix, dryRun: true })).toEqual({ moved: 1, left: 1 });
      expect(await redis.xLen(`${deadPrefix}{visitlog}:stream`)).toBe(0);
    } finally {
      await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'off' });
      await dying.close();
      await cleanupRedis(redisUrl(), deadPrefix);
    }
  });
});
