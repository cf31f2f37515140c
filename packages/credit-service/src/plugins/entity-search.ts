import { availableParallelism } from 'node:os';
import type { EntitySearchResult } from '@credit-portal/shared';
import fp from 'fastify-plugin';
import { Piscina } from 'piscina';
import { workerExecArgv, workerModule } from '../lib/worker-threads.js';
import type { ServiceMetrics } from '../metrics/service-metrics.js';
import { createEntityRepository } from '../repositories/entity.js';
import type { EntitySearchTask, EntitySearchWorkerData } from '../repositories/entity-search-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Entity search: in a pool of worker threads, or on the main thread (SEARCH_WORKERS=0). */
    entitySearch: EntitySearch;
  }
}

export interface EntitySearch {
  /** Entities matching an already normalized (normalizeKeyword), non-empty keyword (repositories/entity.ts). */
  search(keyword: string): Promise<EntitySearchResult[]>;
  /** Worker threads searching (0: the main thread does). */
  readonly workers: number;
  /** Searches waiting for a worker thread (always 0 on the main thread). */
  readonly queueLength: number;
}

export interface EntitySearchPluginOptions {
  /** Worker threads (SEARCH_WORKERS); 0: every search on the main thread's connection, as before the pool. */
  workers: number;
  /** The worker module; default repositories/entity-search-worker (tests give one that dies mid-request). */
  workerFile?: string;
  /** Where searches are measured (app.metrics); unset: not measured. */
  metrics?: Pick<
    ServiceMetrics,
    'searchDuration' | 'searchWait' | 'searchFailures' | 'searchQueueLength' | 'addCollector'
  >;
}

/** Default size of the pool (SEARCH_WORKERS): two threads, one on a one-core machine. */
export const DEFAULT_SEARCH_WORKERS = Math.min(2, availableParallelism());

/** Largest pool SEARCH_WORKERS accepts. */
export const MAX_SEARCH_WORKERS = 64;

/** The worker module next to the repository it runs, built or source like this one. */
const DEFAULT_WORKER_FILE = workerModule('../repositories/entity-search-worker', import.meta.url);

/**
 * Entity search, app.entitySearch. The repository opens on the main connection first: it computes
 * the search keys migration 18 queued (a new or migrated database: every name) before any worker
 * starts. With `workers` > 0, a piscina pool of that many threads, each with its own read-only
 * connection (repositories/entity-search-worker.ts), answers the searches; the main thread only
 * computes the keys of names written since (its connection is the one that writes) and posts the
 * keyword. The threads start with the app (one search each, so the app is ready once they are) and
 * close with it. A thread that dies fails the search it was running (a 500 in the route's envelope)
 * and piscina starts another; searches queued behind it go to the new one.
 */
export default fp<EntitySearchPluginOptions>(
  async (app, options) => {
    const repository = createEntityRepository(app.db);
    const { metrics } = options;
    /** Runs a search, measuring the whole of it and counting it when it fails. */
    const measured = async (search: () => Promise<EntitySearchResult[]>): Promise<EntitySearchResult[]> => {
      if (!metrics) return search();
      const stop = metrics.searchDuration.startTimer();
      try {
        return await search();
      } catch (error) {
        metrics.searchFailures.inc();
        throw error;
      } finally {
        stop();
      }
    };
    if (options.workers === 0) {
      app.decorate('entitySearch', {
        search: (keyword: string) =>
          measured(async () => {
            // Nothing queues: the search runs at once, on this thread.
            metrics?.searchWait.observe(0);
            return repository.search(keyword);
          }),
        workers: 0,
        queueLength: 0,
      });
      return;
    }
    // The start-up searches below wait for threads that are starting: not what the wait measures.
    let measuringWait = false;
    const pool = new Piscina<EntitySearchTask, EntitySearchResult[]>({
      filename: options.workerFile ?? DEFAULT_WORKER_FILE,
      minThreads: options.workers,
      maxThreads: options.workers,
      // A search is synchronous: one at a time per thread; the others wait in the pool's queue.
      concurrentTasksPerWorker: 1,
      // Piscina's own choice for one task per thread (an idle thread, else the queue), made here so
      // that the moment a thread takes a search is known: the wait is measured as piscina measures it.
      loadBalancer: (task, workers) => {
        const idle = workers.find((worker) => worker.currentUsage === 0) ?? null;
        if (idle && measuringWait) metrics?.searchWait.observe((performance.now() - task.created) / 1000);
        return idle;
      },
      workerData: { databaseFile: app.db.name } satisfies EntitySearchWorkerData,
      execArgv: workerExecArgv(),
    });
    // A thread that fails with no search running (a search's failure goes to its caller).
    pool.on('error', (error: unknown) => app.log.error({ err: error }, 'entity search worker failed'));
    // One search per thread: each loads the search code and opens its connection now, and a
    // worker that cannot fails the start. Bigram `信用`, first row: one short index read.
    try {
      await Promise.all(Array.from({ length: options.workers }, () => pool.run({ keyword: '信用', limit: 1 })));
    } catch (error) {
      await pool.destroy();
      throw error;
    }
    measuringWait = true;
    metrics?.addCollector(() => metrics.searchQueueLength.set(pool.queueSize));
    app.addHook('onClose', async () => {
      // Searches in flight finish (a graceful stop lets their requests answer), then the threads end.
      await pool.close();
    });
    app.decorate('entitySearch', {
      search: (keyword: string) =>
        measured(async () => {
          // Names written on the main connection since get their keys before a worker reads them.
          repository.computePendingKeys();
          return pool.run({ keyword });
        }),
      workers: options.workers,
      get queueLength() {
        return pool.queueSize;
      },
    });
  },
  { name: 'entity-search', dependencies: ['db'] },
);
