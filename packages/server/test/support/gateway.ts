import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import request from 'supertest';
import { inject } from 'vitest';
import { GATEWAY_PATHS } from '@credit-portal/shared';
import { type LogDestination } from '@credit-portal/node-common';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Env, type GatewayConfig } from '../../src/config.js';

/** A directory that has no SPA build, so the API tests never depend on one. */
export const NO_WEB_BUILD = '/nonexistent/credit-portal-web-dist';

/** A key prefix of its own for one test file or case. */
export function uniquePrefix(label: string): string {
  return `test:${label}:${randomUUID().slice(0, 8)}:`;
}

/** Gateway configuration for tests: quiet logs, no SPA, rate limits out of the way, the given environment on top. */
export function testConfig(env: Env, adjust?: (config: GatewayConfig) => void): GatewayConfig {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: NO_WEB_BUILD,
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_STRICT_MAX: '1000000',
    RATE_LIMIT_VISITLOG_MAX: '1000000',
    OPEN_DATA_RATE_LIMIT_MAX: '1000000',
    // The follow of the credit-service's public changes: on in the tests that are about it.
    CHANGES_FEED: 'off',
    // One audit directory per gateway: one writer per chain (plugins/audit.ts).
    AUDIT_DIR: mkdtempSync(path.join(tmpdir(), 'gateway-audit-')),
    ...env,
  });
  adjust?.(config);
  return config;
}

/** The environment that points every upstream (credit, CMS, report) at one base URL. */
export function upstreamEnv(url: string): Env {
  return { CREDIT_API_URL: url, CMS_API_URL: url, REPORT_API_URL: url };
}

export interface RunningGateway {
  app: FastifyInstance;
  url: string;
  /** The admin listener: /healthz, detailed /readyz, /metrics. */
  adminUrl: string;
  close(): Promise<void>;
}

/** Builds the gateway and listens on a free port (supertest then talks to the URL). */
export async function startGateway(config: GatewayConfig, logStream?: LogDestination): Promise<RunningGateway> {
  const app = await buildApp({ ...config, port: 0, host: '127.0.0.1' }, logStream ? { logStream } : {});
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.admin.listen({ port: 0, host: '127.0.0.1' });
  const portOf = (server: FastifyInstance) => {
    const address = server.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };
  let closed = false;
  return {
    app,
    url: `http://127.0.0.1:${portOf(app)}`,
    adminUrl: `http://127.0.0.1:${portOf(app.admin)}`,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
    },
  };
}

/** The suite's Redis URL (from the global setup). */
export function redisUrl(): string {
  return inject('redisUrl');
}

/** Deletes every key under a prefix. */
export async function cleanupRedis(url: string, prefix: string): Promise<void> {
  const client = createClient({ url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) {
      if (keys.length > 0) await client.del(keys);
    }
  } finally {
    client.destroy();
  }
}

/** Polls until the check passes (returns a truthy value) or the bound passes; then fails with the last value. */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  description: string,
  timeoutMs = 20_000,
  intervalMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await check();
    if (last) return last as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${description} (last: ${JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Waits until a gateway's readiness says its Redis connection is up. */
export async function waitForRedis(gateway: RunningGateway): Promise<void> {
  await waitFor(
    async () => (await request(gateway.adminUrl).get(GATEWAY_PATHS.ready)).body.data.redis === 'up',
    'redis connection',
  );
}

/** Collects log lines written by a gateway. */
export class LogCapture implements LogDestination {
  readonly lines: string[] = [];

  write(line: string): void {
    this.lines.push(line);
  }

  get text(): string {
    return this.lines.join('');
  }
}

/** The normalized envelope keys, and nothing else. */
export const ENVELOPE_KEYS = ['code', 'data', 'message', 'ok'];
