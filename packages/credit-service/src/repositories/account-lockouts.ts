import type { Database } from 'better-sqlite3';
import { sha256 } from '../lib/hash.js';

/*
 * Failed password checks, counted so that they stop a guesser without letting anyone lock an
 * owner out of their account:
 * - per number and address (login_failures): after PAIR_MAX_FAILURES that address waits, a minute
 *   that doubles with each further failure up to an hour — the one who guesses is slowed down,
 *   nobody else;
 * - per number across addresses (account_lockouts, account_failure_addresses): the number is
 *   locked for everyone only once failures came from ACCOUNT_LOCK_ADDRESSES different addresses
 *   within the window, five minutes doubling with each further address up to an hour, and its
 *   owner is told by SMS (plugins/auth.ts). 找回密码 lifts every lock of the number.
 * Counted for any number, registered or not, so a lockout tells nothing about an account. Numbers
 * and addresses are kept hashed; failures are forgotten a window after the last one and after the
 * lock has ended.
 */

/** Failures of one address on one number before that address waits. */
export const PAIR_MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const PAIR_LOCKOUT_BASE_MS = 60_000;
/** Different addresses with a recent failure before the number is locked for everyone. */
export const ACCOUNT_LOCK_ADDRESSES = 10;
export const ACCOUNT_LOCKOUT_BASE_MS = 5 * 60_000;
export const LOCKOUT_MAX_MS = 60 * 60_000;
const SWEEP_INTERVAL_MS = 60_000;

/** A delay that doubles with each step past the first, up to LOCKOUT_MAX_MS. */
const growing = (base: number, steps: number): number => Math.min(LOCKOUT_MAX_MS, base * 2 ** Math.min(steps, 16));

/** How long an address waits after its n-th failure on a number (n ≥ PAIR_MAX_FAILURES). */
export const pairLockoutFor = (failures: number): number => growing(PAIR_LOCKOUT_BASE_MS, failures - PAIR_MAX_FAILURES);

/** How long a number is locked for everyone with failures from n addresses (n ≥ ACCOUNT_LOCK_ADDRESSES). */
export const accountLockoutFor = (addresses: number): number =>
  growing(ACCOUNT_LOCKOUT_BASE_MS, addresses - ACCOUNT_LOCK_ADDRESSES);

/** What one more failure did. */
export interface FailureOutcome {
  /** The address, or the number, is locked now: the answer is 429, not 401. */
  locked: boolean;
  /** This failure locked the number for everyone, which it was not: its owner is told. */
  accountLockStarted: boolean;
}

interface CountRow {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

export function createAccountLockoutRepository(db: Database) {
  const pairGet = db.prepare(
    'SELECT failures, window_start AS lastFailure, locked_until AS lockedUntil FROM login_failures WHERE key = ?',
  );
  const pairPut = db.prepare(
    `INSERT INTO login_failures (key, failures, window_start, locked_until) VALUES (@key, @failures, @lastFailure, @lockedUntil)
     ON CONFLICT (key) DO UPDATE SET failures = @failures, window_start = @lastFailure, locked_until = @lockedUntil`,
  );
  const pairDelete = db.prepare('DELETE FROM login_failures WHERE key = ?');
  // Every address's count of one number: keys are `<number hash>:<address hash>`, hex only.
  const pairsDelete = db.prepare("DELETE FROM login_failures WHERE key LIKE ? || ':%'");
  const accountGet = db.prepare(
    'SELECT failures, last_failure AS lastFailure, locked_until AS lockedUntil FROM account_lockouts WHERE key = ?',
  );
  const accountPut = db.prepare(
    `INSERT INTO account_lockouts (key, failures, last_failure, locked_until) VALUES (@key, @failures, @lastFailure, @lockedUntil)
     ON CONFLICT (key) DO UPDATE SET failures = @failures, last_failure = @lastFailure, locked_until = @lockedUntil`,
  );
  const accountDelete = db.prepare('DELETE FROM account_lockouts WHERE key = ?');
  const addressPut = db.prepare(
    `INSERT INTO account_failure_addresses (account_key, address_key, last_failure) VALUES (?, ?, ?)
     ON CONFLICT (account_key, address_key) DO UPDATE SET last_failure = excluded.last_failure`,
  );
  const addressCount = db
    .prepare('SELECT count(*) FROM account_failure_addresses WHERE account_key = ? AND last_failure > ?')
    .pluck();
  const addressesDelete = db.prepare('DELETE FROM account_failure_addresses WHERE account_key = ?');
  const sweeps = [
    db.prepare('DELETE FROM login_failures WHERE window_start <= @before AND locked_until <= @before'),
    db.prepare('DELETE FROM account_lockouts WHERE last_failure <= @before AND locked_until <= @before'),
    db.prepare('DELETE FROM account_failure_addresses WHERE last_failure <= @before'),
  ];
  let lastSweep = 0;
  const accountKey = (mobile: string): string => sha256(`account|${mobile}`);
  const addressKey = (ip: string): string => sha256(`address|${ip}`);
  const pairKey = (mobile: string, ip: string): string => `${accountKey(mobile)}:${addressKey(ip)}`;
  const lockedAt = (row: CountRow | undefined, now: number): number =>
    row && row.lockedUntil > now ? row.lockedUntil : 0;
  /** The count after one more failure: a new one once the last is a window old and any lock over. */
  const counted = (row: CountRow | undefined, now: number): number =>
    !row || (now - row.lastFailure > FAILURE_WINDOW_MS && now - row.lockedUntil > FAILURE_WINDOW_MS)
      ? 1
      : row.failures + 1;

  return {
    /** Until when this address, or everyone, must wait to try the number (ms), or 0. */
    lockedUntil(mobile: string, ip: string, now: number): number {
      const pair = lockedAt(pairGet.get(pairKey(mobile, ip)) as CountRow | undefined, now);
      const account = lockedAt(accountGet.get(accountKey(mobile)) as CountRow | undefined, now);
      return Math.max(pair, account);
    },

    /** Counts a failed check of the number from the address. */
    recordFailure(mobile: string, ip: string, now: number): FailureOutcome {
      return db.transaction((): FailureOutcome => {
        const pair = pairKey(mobile, ip);
        const pairRow = pairGet.get(pair) as CountRow | undefined;
        const pairFailures = counted(pairRow, now);
        const pairUntil = pairFailures >= PAIR_MAX_FAILURES ? now + pairLockoutFor(pairFailures) : 0;
        pairPut.run({ key: pair, failures: pairFailures, lastFailure: now, lockedUntil: pairUntil });

        const account = accountKey(mobile);
        addressPut.run(account, addressKey(ip), now);
        const addresses = addressCount.get(account, now - FAILURE_WINDOW_MS) as number;
        const accountRow = accountGet.get(account) as CountRow | undefined;
        const wasLocked = lockedAt(accountRow, now) > 0;
        const accountUntil =
          addresses >= ACCOUNT_LOCK_ADDRESSES ? now + accountLockoutFor(addresses) : lockedAt(accountRow, now);
        accountPut.run({
          key: account,
          failures: counted(accountRow, now),
          lastFailure: now,
          lockedUntil: accountUntil,
        });

        if (now - lastSweep >= SWEEP_INTERVAL_MS) {
          lastSweep = now;
          for (const sweep of sweeps) sweep.run({ before: now - FAILURE_WINDOW_MS });
        }
        return { locked: pairUntil > 0 || accountUntil > 0, accountLockStarted: accountUntil > 0 && !wasLocked };
      })();
    },

    /** A successful login forgets this address's failures on the number. */
    clearAddress(mobile: string, ip: string): void {
      pairDelete.run(pairKey(mobile, ip));
    },

    /** A password reset lifts every lock of the number: its owner can always get in this way. */
    clear(mobile: string): void {
      const account = accountKey(mobile);
      db.transaction(() => {
        accountDelete.run(account);
        addressesDelete.run(account);
        pairsDelete.run(account);
      })();
    },
  };
}

export type AccountLockoutRepository = ReturnType<typeof createAccountLockoutRepository>;
