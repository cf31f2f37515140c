import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig, upstreamEnv } from './support/gateway.js';

const app = await buildApp({ ...testConfig(upstreamEnv('http://127.0.0.1:9')), port: 0, host: '127.0.0.1' });
afterAll(() => app.close());

it('waits for its start-up work however long a busy host takes (no plugin timeout)', async () => {
  expect(app.initialConfig.pluginTimeout).toBe(0);
  await app.ready();
});
