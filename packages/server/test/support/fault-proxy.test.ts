import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '@credit-portal/shared';
import { INVALID_BODY, startFaultProxy } from './fault-proxy.js';
import { startUpstream, type Upstream } from './upstream.js';

/*
 * The fault proxy the gateway's fault tests put in front of the credit-service: it counts every
 * call by path and misbehaves as told, the longest prefix winning.
 */

let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(() => upstream?.close());
beforeEach(() => upstream.reset());

const call = (path: string, init?: RequestInit) => fetch(upstream.url + path, init);

describe('the fault proxy', () => {
  it('forwards to the credit-service and counts every request by path, failures included, and resets', async () => {
    const site = await call(`${API_PATHS.siteInfo}?recordId=9001`);
    expect(site.status).toBe(200);
    expect(await site.json()).toMatchObject({ status: 200, msg: 'ok' });
    await call(`${API_PATHS.siteInfo}?recordId=nope`);
    await call(API_PATHS.siteInfo);
    const broken = await call(API_PATHS.entitySearch, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(broken.status).toBe(400);
    expect((await call('/no/such/path')).status).toBe(404);
    expect(await upstream.stats()).toEqual({
      [API_PATHS.siteInfo]: 3,
      [API_PATHS.entitySearch]: 1,
      '/no/such/path': 1,
    });
    await upstream.reset();
    expect(await upstream.stats()).toEqual({});
  });

  it('answers an error status in the route’s dialect', async () => {
    await upstream.fault({ pathPrefix: '/cms/', mode: 'error', status: 503 });
    const cms = await call(`${API_PATHS.siteInfo}?recordId=9001`);
    expect(cms.status).toBe(503);
    expect(await cms.json()).toEqual({ status: 503, msg: '系统繁忙，请稍后再试', data: null });
    await upstream.fault({ pathPrefix: '/api/', mode: 'error' });
    const api = await call(API_PATHS.entitySearch, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ EntNameOrCreditCode: '科技' }),
    });
    expect(api.status).toBe(500);
    expect(await api.json()).toEqual({ ErrorCode: 500, Data: null, Msg: '系统繁忙，请稍后再试' });
    // Other paths are untouched, and the faulted request still counts.
    expect((await call('/healthz')).status).toBe(200);
    expect(await upstream.count(API_PATHS.siteInfo)).toBe(1);
  });

  it('answers garbage that claims to be JSON in mode invalid', async () => {
    await upstream.fault({ pathPrefix: API_PATHS.districtList, mode: 'invalid' });
    const response = await call(API_PATHS.districtList);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = await response.text();
    expect(body).toBe(INVALID_BODY);
    expect(() => JSON.parse(body) as unknown).toThrow();
  });

  it('answers normally after the delay in mode delay, and clears a fault with off', async () => {
    await upstream.fault({ pathPrefix: API_PATHS.districtList, mode: 'delay', delayMs: 50 });
    const started = performance.now();
    const delayed = await call(API_PATHS.districtList);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(delayed.status).toBe(200);
    expect(await delayed.json()).toMatchObject({ status: 200, msg: 'ok' });
    await upstream.fault({ pathPrefix: '/cms/', mode: 'error' });
    // The longest matching prefix wins.
    expect((await call(API_PATHS.districtList)).status).toBe(200);
    await upstream.fault({ pathPrefix: API_PATHS.districtList, mode: 'off' });
    expect((await call(API_PATHS.districtList)).status).toBe(500);
  });

  it('holds the socket in mode timeout until the client gives up, and cuts it on close', async () => {
    const own = await startFaultProxy(upstream.url);
    try {
      own.fault({ pathPrefix: '/cms/sitelist', mode: 'timeout' });
      const givenUp = fetch(`${own.url}${API_PATHS.districtList}`, { signal: AbortSignal.timeout(200) });
      await expect(givenUp).rejects.toThrow(/abort|timeout/i);
      // A request still held when the proxy closes is cut off rather than blocking the close.
      const heldOutcome = fetch(`${own.url}${API_PATHS.districtList}`).then(
        () => 'answered',
        () => 'cut off',
      );
      while (own.count(API_PATHS.districtList) !== 2) await new Promise((r) => setTimeout(r, 10));
      await own.close();
      expect(await heldOutcome).toBe('cut off');
    } finally {
      await own.close();
    }
  });
});
