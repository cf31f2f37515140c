import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp as buildCreditService, CONTROL_PATHS, type FaultRequest } from '@credit-portal/credit-service';

/** A real credit-service on a free port, with its test controls. */
export interface Upstream {
  url: string;
  /** Its DATA_DIR (the demo SMS sender's outbox is under it). */
  dataDir: string;
  port: number;
  app: FastifyInstance;
  /** Requests counted per path since the last reset. */
  stats(): Promise<Record<string, number>>;
  /** How many requests reached one path. */
  count(path: string): Promise<number>;
  fault(request: FaultRequest): Promise<void>;
  /** Clears counts and faults. */
  reset(): Promise<void>;
  visitLogs(): Promise<{ total: number; distinct: number; eventIds: string[] }>;
  clearVisitLogs(): Promise<void>;
  /** Stops listening (the upstream is down) and removes its data. */
  close(): Promise<void>;
}

/** Small seed: enough rows for every list, fast to create. */
const SEED_ENTITIES = 300;

async function call<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`credit-service control ${method} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Starts a credit-service with test controls; one per test file, closed in afterAll. */
export async function startUpstream(port = 0): Promise<Upstream> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gateway-test-upstream-'));
  const app = await buildCreditService({
    dataDir,
    seed: 7,
    seedEntities: SEED_ENTITIES,
    logger: false,
    controls: true,
    demo: true,
    // Every call of a test file comes from this one gateway on one address.
    rateLimits: { max: 1_000_000, strictMax: 1_000_000, windowMs: 60_000 },
  });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://127.0.0.1:${actualPort}`;
  let closed = false;
  return {
    url,
    dataDir,
    port: actualPort,
    app,
    stats: async () => (await call<{ requests: Record<string, number> }>(url, 'GET', CONTROL_PATHS.stats)).requests,
    count: async (path) =>
      (await call<{ requests: Record<string, number> }>(url, 'GET', CONTROL_PATHS.stats)).requests[path] ?? 0,
    fault: async (request) => {
      await call(url, 'POST', CONTROL_PATHS.fault, request);
    },
    reset: async () => {
      await call(url, 'POST', CONTROL_PATHS.reset);
    },
    visitLogs: () => call(url, 'GET', CONTROL_PATHS.visitLogs),
    clearVisitLogs: async () => {
      await call(url, 'DELETE', CONTROL_PATHS.visitLogs);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
