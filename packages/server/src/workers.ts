/**
 * GATEWAY_WORKERS > 1: one gateway process per core on one host with node:cluster. The primary
 * forks the workers (each a whole gateway: server.ts builds the app in it), restarts one that
 * dies, shares the public port among them, and serves the admin listener itself: /healthz,
 * /readyz (ready when every worker is; each asked over IPC) and /metrics (every worker's registry,
 * aggregated with prom-client's AggregatorRegistry: counters and histograms summed, the shared
 * state gauges — Redis, visit-log lag — once). Workers share the cache, the coalescing locks and
 * the visit-log stream through Redis (config.ts refuses workers without it); rate limits count per
 * worker, as per replica. On SIGTERM/SIGINT every worker shuts down gracefully, then the primary.
 */
import cluster, { type Worker } from 'node:cluster';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Registry,
  type MetricObjectWithValues,
  type MetricValue,
} from 'prom-client';
import { ERROR_CODES, GATEWAY_PATHS, SUCCESS_CODE, errorEnvelope } from '@credit-portal/shared';
import { loggerOptions } from '@credit-portal/node-common';
import type { GatewayConfig } from './config.js';

/** A question from the primary to a worker, and its answer. */
type Ask = { type: 'gateway:ask'; id: number; what: 'ready' | 'metrics' };
type Answer = { type: 'gateway:answer'; id: number; status?: number; body?: unknown };
/** The primary asks a worker to shut down gracefully (a signal could be its second one: an immediate exit). */
const SHUTDOWN = 'gateway:shutdown';

const ASK_TIMEOUT_MS = 3000;
const RESTART_DELAY_MS = 1000;
/** More exits than this within RESTART_WINDOW_MS: a crash loop; the primary gives up (exit 1). */
const RESTART_LIMIT = 10;
const RESTART_WINDOW_MS = 60_000;

/** In a worker: answers the primary's readiness and metrics questions, and its shutdown request. */
export function serveWorker(app: FastifyInstance, shutdown: (reason: string) => void): void {
  process.on('message', (message: unknown) => {
    if (message === SHUTDOWN) {
      shutdown('primary');
      return;
    }
    const ask = message as Partial<Ask> | null;
    if (ask?.type !== 'gateway:ask' || typeof ask.id !== 'number') return;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) =>
      process.send?.({ type: 'gateway:answer', id: ask.id, ...answer });
    if (ask.what === 'ready') {
      app.admin
        .inject({ method: 'GET', url: GATEWAY_PATHS.ready })
        .then((response) => reply({ status: response.statusCode, body: response.json() }))
        .catch(() => reply({ status: 503 }));
    } else if (ask.what === 'metrics') {
      app.metrics
        .snapshot()
        .then((body) => reply({ status: 200, body }))
        .catch(() => reply({ status: 500 }));
    }
  });
  // The primary is gone (killed): nobody restarts or balances; finish what is in flight and stop.
  process.on('disconnect', () => shutdown('primary gone'));
}

/** The primary: forks, restarts, serves the admin listener, shuts everything down on a signal. */
export async function runPrimary(config: GatewayConfig): Promise<void> {
  const admin = Fastify({
    logger: loggerOptions(config.logLevel),
    logController: new LogController({ disableRequestLogging: true }),
  });
  const log = admin.log.child({ role: 'primary' });
  const own = new Registry();
  const live = new Gauge({
    name: 'gateway_workers',
    help: 'Gateway worker processes alive (GATEWAY_WORKERS).',
    registers: [own],
  });
  const restarts = new Counter({
    name: 'gateway_worker_restarts_total',
    help: 'Gateway workers that exited unexpectedly and were started again.',
    registers: [own],
  });

  const workers = new Map<number, Worker>();
  const waiting = new Map<number, { resolve: (answer: Answer | null) => void; timer: NodeJS.Timeout }>();
  let nextAsk = 1;
  let stopping = false;
  const exits: number[] = [];

  const ask = (worker: Worker, what: Ask['what']): Promise<Answer | null> =>
    new Promise((resolve) => {
      const id = nextAsk++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(null);
      }, ASK_TIMEOUT_MS);
      waiting.set(id, { resolve, timer });
      try {
        worker.send({ type: 'gateway:ask', id, what } satisfies Ask);
      } catch {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(null);
      }
    });

  function fork(slot: number): void {
    const worker = cluster.fork({ GATEWAY_WORKER_ID: String(slot) });
    workers.set(slot, worker);
    live.set(workers.size);
    worker.on('message', (message: Partial<Answer>) => {
      if (message?.type !== 'gateway:answer' || typeof message.id !== 'number') return;
      const pending = waiting.get(message.id);
      if (!pending) return;
      clearTimeout(pending.timer);
      waiting.delete(message.id);
      pending.resolve(message as Answer);
    });
    worker.on('exit', (code, signal) => {
      if (workers.get(slot) === worker) workers.delete(slot);
      live.set(workers.size);
      if (stopping) return;
      const now = Date.now();
      exits.push(now);
      while (exits.length > 0 && exits[0]! < now - RESTART_WINDOW_MS) exits.shift();
      if (exits.length > RESTART_LIMIT) {
        log.fatal({ slot, code, signal }, `workers exited ${exits.length} times within a minute; stopping`);
        void stop(1);
        return;
      }
      log.error({ slot, code, signal }, 'gateway worker exited; starting it again');
      restarts.inc();
      setTimeout(() => {
        if (!stopping) fork(slot);
      }, RESTART_DELAY_MS).unref();
    });
  }

  admin.get(GATEWAY_PATHS.health, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { ok: true, code: SUCCESS_CODE, message: 'ok', data: { status: 'ok', workers: workers.size } };
  });

  admin.get(GATEWAY_PATHS.ready, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const answers = await Promise.all([...workers.values()].map((worker) => ask(worker, 'ready')));
    const ready = !stopping && answers.length === config.workers && answers.every((a) => a?.status === 200);
    if (!ready) {
      return reply.code(503).send({
        ...errorEnvelope(ERROR_CODES.upstreamUnavailable, '服务正在重启，请稍后再试'),
        data: { workers: answers.map((a) => a?.body ?? null), expected: config.workers },
      });
    }
    const bodies = answers.map((a) => a?.body as { data?: { status?: string } } | undefined);
    const degraded = bodies.some((body) => body?.data?.status !== 'ready');
    return {
      ok: true,
      code: SUCCESS_CODE,
      message: degraded ? 'degraded' : 'ready',
      data: { status: degraded ? 'degraded' : 'ready', workers: bodies.map((body) => body?.data ?? null) },
    };
  });

  admin.get(GATEWAY_PATHS.metrics, async (_request, reply) => {
    const answers = await Promise.all([...workers.values()].map((worker) => ask(worker, 'metrics')));
    const snapshots = answers
      .filter((a): a is Answer => a?.status === 200 && Array.isArray(a.body))
      .map((a) => a.body as MetricObjectWithValues<MetricValue<string>>[]);
    const aggregated = AggregatorRegistry.aggregate(snapshots);
    const text = `${await aggregated.metrics()}\n${await own.metrics()}`;
    return reply.type(own.contentType).header('cache-control', 'no-store').send(text);
  });

  async function stop(exitCode: number): Promise<void> {
    if (stopping) {
      log.warn('second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ workers: workers.size }, 'shutting down the workers');
    const killer = setTimeout(() => {
      log.error({ timeoutMs: config.shutdownTimeoutMs }, 'workers did not stop in time; killing them');
      for (const worker of workers.values()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000);
    killer.unref();
    await Promise.all(
      [...workers.values()].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            try {
              worker.send(SHUTDOWN);
            } catch {
              worker.process.kill('SIGTERM');
            }
          }),
      ),
    );
    await admin.close();
    log.info('shut down cleanly');
    process.exit(exitCode);
  }

  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));

  try {
    await admin.listen({ port: config.admin.port, host: config.admin.host });
  } catch (err) {
    log.fatal({ err }, 'could not start the admin listener');
    process.exit(1);
  }
  for (let slot = 1; slot <= config.workers; slot += 1) fork(slot);
  log.info({ workers: config.workers, port: config.port }, 'gateway workers started');
}
