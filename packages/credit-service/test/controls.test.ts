import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '@credit-portal/shared';
import { buildApp, CONTROL_PATHS, INVALID_BODY, OUTBOX_PATH } from '../src/app.js';
import { buildTestApp, injectJson, removeDir, tempDir, type TestApp } from './helper.js';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp({ controls: true, seedEntities: 100 });
  app = testApp.app;
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await app.inject({ method: 'POST', url: CONTROL_PATHS.reset });
});

const fault = (body: object) => injectJson(app, { method: 'POST', url: CONTROL_PATHS.fault, payload: body });
const stats = async () =>
  (await injectJson<{ requests: Record<string, number> }>(app, { url: CONTROL_PATHS.stats })).body.requests;

describe('test controls', () => {
  it('counts every request by path, failures included, and resets', async () => {
    await app.inject({ url: `${API_PATHS.siteInfo}?recordId=9001` });
    await app.inject({ url: `${API_PATHS.siteInfo}?recordId=nope` });
    await app.inject({ url: API_PATHS.siteInfo });
    await app.inject({
      method: 'POST',
      url: API_PATHS.entitySearch,
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    await app.inject({ url: '/no/such/path' });
    expect(await stats()).toEqual({ [API_PATHS.siteInfo]: 3, [API_PATHS.entitySearch]: 1, '/no/such/path': 1 });
    await app.inject({ method: 'POST', url: CONTROL_PATHS.reset });
    expect(await stats()).toEqual({});
  });

  it('answers an error status in the route’s dialect', async () => {
    expect((await fault({ pathPrefix: '/cms/', mode: 'error', status: 503 })).body).toEqual({
      faults: [{ pathPrefix: '/cms/', mode: 'error', status: 503, delayMs: 0 }],
    });
    const cms = await injectJson(app, { url: `${API_PATHS.siteInfo}?recordId=9001` });
    expect(cms.status).toBe(503);
    expect(cms.body).toEqual({ status: 503, msg: '系统繁忙，请稍后再试', data: null });
    await fault({ pathPrefix: '/api/', mode: 'error' });
    const api = await injectJson(app, {
      method: 'POST',
      url: API_PATHS.entitySearch,
      payload: { EntNameOrCreditCode: '科技' },
    });
    expect(api.status).toBe(500);
    expect(api.body).toEqual({ ErrorCode: 500, Data: null, Msg: '系统繁忙，请稍后再试' });
    // Other paths are untouched, and the faulted request still counts.
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await stats())[API_PATHS.siteInfo]).toBe(1);
  });

  it('answers garbage that claims to be JSON in mode invalid', async () => {
    await fault({ pathPrefix: API_PATHS.districtList, mode: 'invalid' });
    const response = await app.inject({ url: API_PATHS.districtList });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.body).toBe(INVALID_BODY);
    expect(() => JSON.parse(response.body) as unknown).toThrow();
  });

  it('answers normally after the delay in mode delay, and clears a fault with off', async () => {
    await fault({ pathPrefix: API_PATHS.districtList, mode: 'delay', delayMs: 20 });
    const delayed = await injectJson(app, { url: API_PATHS.districtList });
    expect(delayed.status).toBe(200);
    expect(delayed.body).toMatchObject({ status: 200, msg: 'ok' });
    await fault({ pathPrefix: '/cms/', mode: 'error' });
    // The longest matching prefix wins.
    expect((await app.inject({ url: API_PATHS.districtList })).statusCode).toBe(200);
    expect((await fault({ pathPrefix: API_PATHS.districtList, mode: 'off' })).body).toEqual({
      faults: [{ pathPrefix: '/cms/', mode: 'error', status: 500, delayMs: 0 }],
    });
    expect((await app.inject({ url: API_PATHS.districtList })).statusCode).toBe(500);
  });

  it('validates fault requests', async () => {
    const bad = await fault({ pathPrefix: 'cms', mode: 'explode' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ErrorCode: 400, Data: null });
    expect((await fault({ pathPrefix: '/x', mode: 'error', status: 200 })).status).toBe(400);
  });

  it('holds the socket in mode timeout until the client gives up, and releases it on close', async () => {
    const dataDir = await tempDir();
    const own = { app: await buildApp({ dataDir, controls: true, seedEntities: 50 }) };
    try {
      const address = await own.app.listen({ host: '127.0.0.1', port: 0 });
      await own.app.inject({
        method: 'POST',
        url: CONTROL_PATHS.fault,
        payload: { pathPrefix: '/cms/sitelist', mode: 'timeout' },
      });
      const givenUp = fetch(`${address}${API_PATHS.districtList}`, { signal: AbortSignal.timeout(200) });
      await expect(givenUp).rejects.toThrow(/abort|timeout/i);
      // A request still held when the app closes is cut off rather than blocking the close.
      const held = fetch(`${address}${API_PATHS.districtList}`);
      const heldOutcome = held.then(
        () => 'answered',
        () => 'cut off',
      );
      while (own.app.controls.requests()[API_PATHS.districtList] !== 2) await new Promise((r) => setTimeout(r, 10));
      await own.app.close();
      expect(await heldOutcome).toBe('cut off');
      expect(own.app.controls.requests()[API_PATHS.districtList]).toBe(2);
    } finally {
      await removeDir(dataDir);
    }
  });

  it('does not exist unless enabled', async () => {
    const plain = await buildTestApp({ seedEntities: 50 });
    try {
      const response = await injectJson(plain.app, { url: CONTROL_PATHS.stats });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ ErrorCode: 404, Data: null, Msg: '请求的地址不存在' });
    } finally {
      await plain.close();
    }
  });
});

describe('the developer’s own pages (test controls, outbox)', () => {
  it('answer only a request that names the loopback in its Host: a web page cannot reach them by DNS rebinding', async () => {
    // testApp has both (controls, and the outbox page of the demo stand-ins on a loopback bind).
    for (const url of [CONTROL_PATHS.stats, OUTBOX_PATH]) {
      for (const host of ['localhost', 'LOCALHOST:8090', '127.0.0.1:8090', '[::1]:8090']) {
        expect([url, host, (await app.inject({ url, headers: { host } })).statusCode]).toEqual([url, host, 200]);
      }
      for (const host of ['attacker.example', 'attacker.example:8090', '127.0.0.1.nip.io', '10.0.0.5:8090']) {
        expect([url, host, (await app.inject({ url, headers: { host } })).statusCode]).toEqual([url, host, 404]);
      }
    }
    // A fault asked for under a foreign Host is not set.
    const foreign = await app.inject({
      method: 'POST',
      url: CONTROL_PATHS.fault,
      headers: { host: 'attacker.example' },
      payload: { pathPrefix: '/api/', mode: 'timeout' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await fault({ pathPrefix: '/none/', mode: 'off' })).body).toEqual({ faults: [] });
  });
});
