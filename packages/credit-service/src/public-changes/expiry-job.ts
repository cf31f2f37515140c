import type { Database } from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { Cron } from 'croner';
import { localToday } from '../lib/dates.js';
import { recordExpiries } from '../repositories/public-records.js';

/** Beijing midnight, when a day's publicity periods end (CF_GSJZQ, valid_until are last days). */
export const EXPIRY_SCHEDULE = '0 0 * * *';
const CENTRE_ZONE = 'Asia/Shanghai';

export interface ExpiryJob {
  /** Records the withdrawals of what ended by `today` (default: Beijing's today); how many. */
  run(today?: string): number;
  stop(): void;
}

/**
 * The publicity-period job: at Beijing midnight (and at start, for the midnights the service was
 * down) it records the withdrawal (公示期满) of each record whose period ended, once
 * (repositories/public-records.ts keeps the mark in the same transaction), so that the gateways
 * drop them the way they drop a repaired record — not when a cache entry's TTL happens to end.
 */
export function createExpiryJob(db: Database, log: FastifyBaseLogger, schedule: boolean): ExpiryJob {
  const run = (today: string = localToday()): number => {
    const recorded = recordExpiries(db, today);
    if (recorded > 0) log.info({ recorded, today }, 'publicity periods ended: withdrawals recorded');
    return recorded;
  };
  const cron = schedule
    ? new Cron(EXPIRY_SCHEDULE, { timezone: CENTRE_ZONE, protect: true }, () => {
        try {
          run();
        } catch (err) {
          log.error({ reason: (err as Error).message }, 'publicity-period job failed; the next run catches up');
        }
      })
    : null;
  return { run, stop: () => cron?.stop() };
}
