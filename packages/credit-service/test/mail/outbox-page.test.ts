import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_PATH } from '../../src/app.js';
import { buildTestApp, injectJson, type TestApp } from '../helper.js';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  // The outbox page of the demo stand-ins on a loopback bind, as `npm start` has it.
  testApp = await buildTestApp({ seedEntities: 100 });
  app = testApp.app;
});
afterAll(() => testApp.close());

describe('the developer’s own page (the outbox)', () => {
  it('answers only a request that names the loopback in its Host: a web page cannot reach it by DNS rebinding', async () => {
    for (const host of ['localhost', 'LOCALHOST:8090', '127.0.0.1:8090', '[::1]:8090']) {
      expect([host, (await app.inject({ url: OUTBOX_PATH, headers: { host } })).statusCode]).toEqual([host, 200]);
    }
    for (const host of ['attacker.example', 'attacker.example:8090', '127.0.0.1.nip.io', '10.0.0.5:8090']) {
      expect([host, (await app.inject({ url: OUTBOX_PATH, headers: { host } })).statusCode]).toEqual([host, 404]);
    }
  });

  it('is the only one: no test endpoint counts, faults or deletes anything, even on a test bench', async () => {
    for (const url of ['/__control/stats', '/__control/visitlogs']) {
      const response = await injectJson(app, { url });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ ErrorCode: 404, Data: null, Msg: '请求的地址不存在' });
    }
  });
});
