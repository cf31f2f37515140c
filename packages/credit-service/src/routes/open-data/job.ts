import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { OpenDataManifest } from '@credit-portal/shared';
import { localToday } from '../../lib/dates.js';
import { recordedRun, type ServiceMetrics } from '../../metrics/service-metrics.js';
import { pruneOpenData, writeOpenDataDay } from './files.js';
import type { OpenDataSource } from './source.js';

/** Default schedule: every day at 00:05 local time (just after the day's publicity changes). */
export const DEFAULT_OPEN_DATA_CRON = '5 0 * * *';
/** Default retention: the files of today and the 7 days before are kept on disk. */
export const DEFAULT_OPEN_DATA_RETENTION_DAYS = 7;

export interface OpenDataJobOptions {
  /** DATA_DIR/open-data. */
  root: string;
  source: OpenDataSource;
  retentionDays: number;
  /** A cron pattern (croner, local time); null: no schedule (files are still made when asked for). */
  cron: string | null;
  log: FastifyBaseLogger;
  /** The clock (tests). */
  now?: () => Date;
  /** Where the runs at start and on the schedule are recorded as job `open_data` (app.metrics); unset: not recorded. */
  metrics?: Pick<ServiceMetrics, 'recordJobRun'>;
}

/**
 * The daily open-data job: writes today's files when they are missing (at start, on its
 * schedule, and when today's are asked for before the schedule ran) and prunes the days past the
 * retention. Idempotent: a day's files are written once (files.ts), so a restart, an overlapping
 * run or a second process never writes them twice.
 */
export function createOpenDataJob(options: OpenDataJobOptions) {
  const now = options.now ?? (() => new Date());
  let scheduled: Cron | null = null;
  // Today's manifest once read or written: a request then costs no file read.
  let current: OpenDataManifest | null = null;

  /** Today's manifest, writing today's files first when they are missing. */
  const ensureToday = (): OpenDataManifest => {
    const clock = now();
    const today = localToday(clock);
    if (current?.date === today) return current;
    const { manifest, written } = writeOpenDataDay(options.root, today, options.source, clock);
    current = manifest;
    if (written) {
      const removed = pruneOpenData(options.root, today, options.retentionDays);
      options.log.info(
        { date: today, datasets: manifest.datasets.map(({ id, rows }) => ({ id, rows })), pruned: removed },
        'open-data files written',
      );
    }
    return manifest;
  };

  /**
   * A run of the job (at start, on the schedule), recorded with the wall clock; a request that
   * finds today's files missing writes them too, but answers for itself (its status).
   */
  const run = (): void => {
    recordedRun(options.metrics, 'open_data', ensureToday);
  };

  return {
    ensureToday,
    /** Writes today's files if missing and starts the schedule. */
    start(): void {
      run();
      if (options.cron === null || scheduled !== null) return;
      scheduled = new Cron(
        options.cron,
        {
          // No name: croner keeps named jobs in one registry per process, and two apps in one
          // process (a restart in place, the tests' second instance) would collide on it.
          protect: true,
          catch: (error) => options.log.error({ err: error }, 'open-data job failed'),
        },
        () => {
          run();
        },
      );
    },
    /** Stops the schedule (the app's onClose). */
    stop(): void {
      scheduled?.stop();
      scheduled = null;
    },
    /** When the schedule runs next (null without one). */
    nextRun: (): Date | null => scheduled?.nextRun() ?? null,
  };
}

export type OpenDataJob = ReturnType<typeof createOpenDataJob>;
