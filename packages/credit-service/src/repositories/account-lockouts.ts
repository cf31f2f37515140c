import type { Database } from 'better-sqlite3';
import { sha256 } from '../lib/hash.js';

/*
 * Failed password checks per mobile number, whatever address they come from (the per-address
 * count is login_failures, in account.ts): a guesser spreading over many addresses still gets
 * five tries, then a lockout of one minute that doubles with each further failure up to an hour.
 * Counted for any number, registered or not, so a lockout tells nothing about an account.
 */

/** Failures (within the window) before the account is locked. */
export const ACCOUNT_MAX_FAILURES = 5;
/** Failures are forgotten this long after the last one and after any lockout has ended. */
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60_000;
/** The first lockout; each further failure doubles it, up to the longest. */
export const ACCOUNT_LOCKOUT_BASE_MS = 60_000;
export const ACCOUNT_LOCKOUT_MAX_MS = 60 * 60_000;
const SWEEP_INTERVAL_MS = 60_000;

interface LockoutRow {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

/** How long the n-th failure (n ≥ ACCOUNT_MAX_FAILURES) locks the account. */
export const lockoutFor = (failures: number): number =>
  Math.min(ACCOUNT_LOCKOUT_MAX_MS, ACCOUNT_LOCKOUT_BASE_MS * 2 ** Math.min(failures - ACCOUNT_MAX_FAILURES, 16));

export function createAccountLockoutRepository(db: Database) {
  const get = db.prepare(
    'SELECT failures, last_failure AS lastFailure, locked_until AS lockedUntil FROM account_lockouts WHERE key = ?',
  );
  const put = db.prepare(
    `INSERT INTO account_lockouts (key, failures, last_failure, locked_until) VALUES (@key, @failures, @lastFailure, @lockedUntil)
     ON CONFLICT (key) DO UPDATE SET failures = @failures, last_failure = @lastFailure, locked_until = @lockedUntil`,
  );
  const remove = db.prepare('DELETE FROM account_lockouts WHERE key = ?');
  const sweep = db.prepare('DELETE FROM account_lockouts WHERE last_failure <= @before AND locked_until <= @before');
  let lastSweep = 0;
  const keyOf = (mobile: string): string => sha256(`account|${mobile}`);

  return {
    /** Until when the number is locked (ms), or 0. */
    lockedUntil(mobile: string, now: number): number {
      const row = get.get(keyOf(mobile)) as LockoutRow | undefined;
      return row && row.lockedUntil > now ? row.lockedUntil : 0;
    },

    /** Counts a failed check of this number; true when it (re)starts a lockout. */
    recordFailure(mobile: string, now: number): boolean {
      const key = keyOf(mobile);
      return db.transaction(() => {
        const row = get.get(key) as LockoutRow | undefined;
        const fresh =
          !row ||
          (now - row.lastFailure > ACCOUNT_FAILURE_WINDOW_MS && now - row.lockedUntil > ACCOUNT_FAILURE_WINDOW_MS);
        const failures = fresh ? 1 : row.failures + 1;
        const lockedUntil = failures >= ACCOUNT_MAX_FAILURES ? now + lockoutFor(failures) : 0;
        put.run({ key, failures, lastFailure: now, lockedUntil });
        if (now - lastSweep >= SWEEP_INTERVAL_MS) {
          lastSweep = now;
          sweep.run({ before: now - ACCOUNT_FAILURE_WINDOW_MS });
        }
        return lockedUntil > 0;
      })();
    },

    /** A successful login forgets the number's failures. */
    clear(mobile: string): void {
      remove.run(keyOf(mobile));
    },
  };
}

export type AccountLockoutRepository = ReturnType<typeof createAccountLockoutRepository>;
