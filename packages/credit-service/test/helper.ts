import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type CreditServiceConfig } from '../src/app.js';

/** A fresh temporary directory; remove it with removeDir. */
export function tempDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'credit-service-test-'));
}

export function removeDir(dir: string): Promise<void> {
  return fs.rm(dir, { recursive: true, force: true });
}

/** Small data sets keep each test file fast; the search test builds its own large one. */
export const TEST_ENTITIES = 1500;
export const TEST_SEED = 7;

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/** Limits no test file reaches from its one address; test/rate-limits.test.ts sets its own. */
export const UNLIMITED = { max: 1_000_000, strictMax: 1_000_000, windowMs: 60_000 };

/**
 * Builds the service on a temp data directory; close() closes it and removes the directory. The
 * demo stand-ins and the outbox page are on, as `npm start` has them on its loopback bind; the
 * rate limits are out of the way (every request of a test file comes from one address).
 */
export async function buildTestApp(config: Partial<CreditServiceConfig> = {}): Promise<TestApp> {
  const dataDir = config.dataDir ?? (await tempDir());
  const app = await buildApp({
    seed: TEST_SEED,
    seedEntities: TEST_ENTITIES,
    demo: true,
    outboxPage: true,
    rateLimits: UNLIMITED,
    ...config,
    dataDir,
  });
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await removeDir(dataDir);
    },
  };
}

/** Injects a request and parses the JSON answer. */
export async function injectJson<T = Record<string, unknown>>(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<{ status: number; body: T; raw: string }> {
  const response = await app.inject(options);
  return { status: response.statusCode, body: JSON.parse(response.body) as T, raw: response.body };
}
