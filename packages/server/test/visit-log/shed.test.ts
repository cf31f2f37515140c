import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { API_PATHS, GATEWAY_PATHS } from '@credit-portal/shared';
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
import { visitBody, visitRecord } from '../support/visit-logs.js';

async function metric(gateway: RunningGateway, name: string): Promise<number> {
  const text = (await request(gateway.adminUrl).get(GATEWAY_PATHS.metrics).expect(200)).text;
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

/**
 * The intake under sustained overload: once the forwarder is VISITLOG_SHED_LAG events
 * behind, posts are shed with 503 + Retry-After (the browser keeps and resends them) instead of
 * letting the stream grow without bound; once it catches up, posts are accepted again.
 */
describe('visit-log intake shedding at the configured lag', () => {
  let upstream: Upstream;
  let gateway: RunningGateway;
  const prefix = uniquePrefix('visitlog-shed');

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await startGateway(
      testConfig({
        ...upstreamEnv(upstream.url),
        REDIS_URL: redisUrl(),
        REDIS_KEY_PREFIX: prefix,
        VISITLOG_SHED_LAG: '5',
        VISITLOG_LAG_POLL_MS: '50',
        VISITLOG_RETRY_AFTER_SECONDS: '7',
        VISITLOG_BATCH_WAIT_MS: '20',
        VISITLOG_BACKOFF_BASE_MS: '50',
        VISITLOG_BACKOFF_MAX_MS: '200',
      }),
    );
    await waitForRedis(gateway);
  });

  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
    await cleanupRedis(redisUrl(), prefix);
  });

  it('sheds with 503 + Retry-After while the lag is at the threshold, and accepts again once it drains', async () => {
    expect(await metric(gateway, 'gateway_visitlog_shed_lag_events')).toBe(5);
    await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'error', status: 503 });
    const records = Array.from({ length: 6 }, (_, i) => visitRecord('0103', `i=${i}`));
    await request(gateway.url).post(API_PATHS.visitLog).send(visitBody(records)).expect(202);

    await waitFor(async () => (await metric(gateway, 'gateway_visitlog_lag_events')) >= 5, 'the lag gauge at 6');
    const shed = await waitFor(async () => {
      const answer = await request(gateway.url)
        .post(API_PATHS.visitLog)
        .send(visitBody([visitRecord('0104')]));
      return answer.status === 503 ? answer : null;
    }, 'a shed post');
    expect(shed.body).toEqual({
      ok: false,
      code: 'upstream_unavailable',
      message: '访问日志暂时无法接收，请稍后重试',
      data: null,
    });
    expect(shed.headers['retry-after']).toBe('7');
    expect(shed.headers['x-request-id']).toBeDefined();
    expect(await metric(gateway, 'gateway_visitlog_shed_total')).toBeGreaterThanOrEqual(1);

    await upstream.fault({ pathPrefix: API_PATHS.visitLog, mode: 'off' });
    await waitFor(async () => (await upstream.visitLogs()).distinct === 6, 'the six queued events delivered');
    const accepted = await waitFor(async () => {
      const answer = await request(gateway.url)
        .post(API_PATHS.visitLog)
        .send(visitBody([visitRecord('0105')]));
      return answer.status === 202 ? answer : null;
    }, 'a post accepted again');
    expect(accepted.body.data.accepted).toBe(1);
    await waitFor(async () => (await upstream.visitLogs()).distinct === 7, 'the resent event delivered');
  });
});
