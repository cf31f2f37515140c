import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { OpenDataManifest } from '@credit-portal/shared';
import { localToday } from '../../lib/dates.js';
import { recordedRun, type ServiceMetrics } from '../../metrics/service-metrics.js';
import type { ChangeLog } from '../../repositories/change-feed.js';
import { isCurrentFormat, previousManifest, pruneOpenData, writeOpenDataDay, type ManifestSigner } from './files.js';
import type { OpenDataSource } from './source.js';

/** Default schedule: every day at 00:05 local time (just after the day's publicity changes). */
export const DEFAULT_OPEN_DATA_CRON = '5 0 * * *';
/** Default retention: the files of today and the 7 days before are kept on disk. */
export const DEFAULT_OPEN_DATA_RETENTION_DAYS = 7;
/** Default: the outbox is checked for withdrawals every 30 s (a request of today's data checks it too). */
export const DEFAULT_OPEN_DATA_WITHDRAWAL_CHECK_SECONDS = 30;

export interface OpenDataJobOptions {
  /** DATA_DIR/open-data. */
  root: string;
  source: OpenDataSource;
  /** The outbox's reads: the manifest's changes, and whether a withdrawal came since the files were written. */
  changes: ChangeLog;
  /** The centre's SM2 key: every manifest is signed with it. */
  signer: ManifestSigner;
  retentionDays: number;
  /** A cron pattern (croner, local time); null: no schedule (files are still made when asked for). */
  cron: string | null;
  /** How often the outbox is checked for withdrawals, seconds; 0: only when today's data is asked for. */
  withdrawalCheckSeconds?: number;
  log: FastifyBaseLogger;
  /** The clock (tests). */
  now?: () => Date;
  /** Where the runs at start and on the schedule are recorded as job `open_data` (app.metrics); unset: not recorded. */
  metrics?: Pick<ServiceMetrics, 'recordJobRun'>;
}

/**
 * The daily open-data job: writes today's files when they are missing (at start, on its
 * schedule, and when today's are asked for before the schedule ran), rewrites them when a record
 * was withdrawn since they were written (checked on every request of today's data and on a short
 * interval), and prunes the days past the retention. Otherwise idempotent: a day's files are
 * written once (files.ts), so a restart, an overlapping run or a second process never writes them
 * twice.
 */
export function createOpenDataJob(options: OpenDataJobOptions) {
  const now = options.now ?? (() => new Date());
  let scheduled: Cron | null = null;
  let watch: NodeJS.Timeout | null = null;
  // Today's manifest once read or written: a request then costs one indexed probe of the outbox.
  let current: OpenDataManifest | null = null;

  /** The files of `today`, written (or rewritten, replacing `replace`) with the changes since the previous day's manifest. */
  const write = (today: string, clock: Date, replace?: OpenDataManifest) => {
    // The last seq is read before the records: a withdrawal committed in between is after it,
    // so the next check rewrites the files again rather than missing it.
    const toSeq = options.changes.lastSeq();
    const fromSeq = (previousManifest(options.root, today)?.changes.toSeq ?? 0) + 1;
    return writeOpenDataDay(options.root, today, options.source, {
      now: clock,
      changes: options.changes.summary(fromSeq, Math.max(toSeq, fromSeq - 1)),
      signer: options.signer,
      replace,
    });
  };

  /** Today's manifest, writing today's files first when they are missing or a withdrawal came since. */
  const ensureToday = (): OpenDataManifest => {
    const clock = now();
    const today = localToday(clock);
    if (current?.date === today) {
      if (!options.changes.withdrawnAfter(current.changes.toSeq)) return current;
      const { manifest, written } = write(today, clock, current);
      current = manifest;
      if (written) {
        options.log.info(
          { date: today, revision: manifest.revision, changes: manifest.changes },
          'open-data files rewritten after a withdrawal',
        );
      }
      return manifest;
    }
    let { manifest, written } = write(today, clock);
    // A day written before manifests were signed (an upgrade during the day): written again.
    if (!isCurrentFormat(manifest)) ({ manifest, written } = write(today, clock, manifest));
    current = manifest;
    if (written) {
      const removed = pruneOpenData(options.root, today, options.retentionDays);
      options.log.info(
        { date: today, datasets: manifest.datasets.map(({ id, rows }) => ({ id, rows })), pruned: removed },
        'open-data files written',
      );
    }
    // Written earlier today (a restart): a withdrawal since is caught now.
    return current.date === today && options.changes.withdrawnAfter(current.changes.toSeq) ? ensureToday() : current;
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
    /** Writes today's files if missing and starts the schedule and the withdrawal check. */
    start(): void {
      run();
      const every = options.withdrawalCheckSeconds ?? DEFAULT_OPEN_DATA_WITHDRAWAL_CHECK_SECONDS;
      if (every > 0 && watch === null) {
        watch = setInterval(() => {
          try {
            ensureToday();
          } catch (error) {
            options.log.error({ err: error }, 'open-data withdrawal check failed');
          }
        }, every * 1000);
        watch.unref();
      }
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
    /** Stops the schedule and the check (the app's onClose). */
    stop(): void {
      scheduled?.stop();
      scheduled = null;
      if (watch) clearInterval(watch);
      watch = null;
    },
    /** When the schedule runs next (null without one). */
    nextRun: (): Date | null => scheduled?.nextRun() ?? null,
  };
}

export type OpenDataJob = ReturnType<typeof createOpenDataJob>;
