import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp as buildCreditService } from '@credit-portal/credit-service';
import { clearVisitLogs, storedVisitLogs } from '../../../credit-service/test/routes/visit-log/stored-visit-logs.js';
import { startFaultProxy, type FaultRequest } from './fault-proxy.js';

/** A real credit-service on a free port, reached through a fault proxy that counts and faults its calls. */
export interface Upstream {
  /** The proxy's address: what the gateway is given as its upstream. */
  url: string;
  /** Its DATA_DIR (the demo SMS sender's outbox is under it). */
  dataDir: string;
  /** The proxy's port. */
  port: number;
  app: FastifyInstance;
  /** Requests counted per path since the last reset. */
  stats(): Promise<Record<string, number>>;
  /** How many requests reached one path. */
  count(path: string): Promise<number>;
  fault(request: FaultRequest): Promise<void>;
  /** Clears counts and faults. */
  reset(): Promise<void>;
  /** The stored visit logs, read from the service's database. */
  visitLogs(): Promise<ReturnType<typeof storedVisitLogs>>;
  clearVisitLogs(): Promise<void>;
  /** Stops listening (the upstream is down) and removes its data. */
  close(): Promise<void>;
}

/** Small seed: enough rows for every list, fast to create. */
const SEED_ENTITIES = 300;

/** The credit-service's database (its db plugin decorates the app with it). */
const databaseOf = (app: FastifyInstance) => (app as unknown as { db: Parameters<typeof storedVisitLogs>[0] }).db;

/**
 * Starts a credit-service behind a fault proxy on `port` (0: a free one); one per test file,
 * closed in afterAll.
 */
export async function startUpstream(port = 0): Promise<Upstream> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gateway-test-upstream-'));
  const app = await buildCreditService({
    dataDir,
    seed: 7,
    seedEntities: SEED_ENTITIES,
    logger: false,
    demo: true,
    // Every call of a test file comes from this one gateway on one address.
    rateLimits: { max: 1_000_000, strictMax: 1_000_000, windowMs: 60_000 },
  });
  const direct = await app.listen({ port: 0, host: '127.0.0.1' });
  const proxy = await startFaultProxy(direct, port);
  let closed = false;
  return {
    url: proxy.url,
    dataDir,
    port: proxy.port,
    app,
    stats: async () => proxy.stats(),
    count: async (path) => proxy.count(path),
    fault: async (request) => {
      proxy.fault(request);
    },
    reset: async () => proxy.reset(),
    visitLogs: async () => storedVisitLogs(databaseOf(app)),
    clearVisitLogs: async () => {
      clearVisitLogs(databaseOf(app));
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await proxy.close();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
