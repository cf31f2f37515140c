import { randomInt } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  SMS_DAILY_LIMIT,
  SMS_RESEND_SECONDS,
} from '@credit-portal/shared';
import { sameText, sha256 } from '../lib/hash.js';

/*
 * One-time SMS codes of registration, of a password reset and of 注销账号 (migration 15): one live code per
 * number and purpose (a registration code resets nothing, and back), kept as the SHA-256
 * of number and code; valid SMS_CODE_TTL_SECONDS, SMS_CODE_MAX_ATTEMPTS tries, at most one send
 * per SMS_RESEND_SECONDS and SMS_DAILY_LIMIT a day per number. Nothing here knows whether the
 * number has an account: every number is treated alike.
 */

const DAY_MS = 24 * 60 * 60_000;
const SWEEP_INTERVAL_MS = 60_000;

interface CodeRow {
  codeHash: string;
  attempts: number;
  expiresAt: number;
  lastSent: number;
  dayStart: number;
  daySends: number;
}

/** Why a code was not issued: sent too recently, or the day's sends are used up. */
export type IssueRefusal = 'too_frequent' | 'daily_limit';

export type IssueResult = { issued: true; code: string } | { issued: false; refusal: IssueRefusal };

/** What a code proves the number for. */
export type SmsPurpose = 'register' | 'password_reset' | 'account_close';
const hashOf = (mobile: string, code: string): string => sha256(`${mobile}|${code}`);

/** A random code of SMS_CODE_LENGTH digits (crypto.randomInt: uniform, unpredictable). */
export const newSmsCode = (): string => String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');

export function createSmsCodeRepository(db: Database, purpose: SmsPurpose = 'register') {
  // Registration's rows keep the key they always had.
  const keyOf = (mobile: string): string => sha256(`${purpose}|${mobile}`);
  const get = db.prepare(
    `SELECT code_hash AS codeHash, attempts, expires_at AS expiresAt, last_sent AS lastSent,
       day_start AS dayStart, day_sends AS daySends FROM sms_codes WHERE mobile_key = ?`,
  );
  const put = db.prepare(
    `INSERT INTO sms_codes (mobile_key, code_hash, attempts, expires_at, last_sent, day_start, day_sends)
     VALUES (@key, @codeHash, 0, @expiresAt, @now, @dayStart, @daySends)
     ON CONFLICT (mobile_key) DO UPDATE SET code_hash = @codeHash, attempts = 0, expires_at = @expiresAt,
       last_sent = @now, day_start = @dayStart, day_sends = @daySends`,
  );
  const countAttempt = db.prepare('UPDATE sms_codes SET attempts = attempts + 1 WHERE mobile_key = ?');
  const useUp = db.prepare("UPDATE sms_codes SET code_hash = '' WHERE mobile_key = ?");
  const sweep = db.prepare('DELETE FROM sms_codes WHERE expires_at <= @now AND day_start <= @now - @day');
  const forget = db.prepare('DELETE FROM sms_codes WHERE mobile_key = ?');
  let lastSweep = 0;

  return {
    /** A new code for the number (replacing any earlier one), unless the send limits refuse. */
    issue(mobile: string, now: number): IssueResult {
      const key = keyOf(mobile);
      return db.transaction((): IssueResult => {
        if (now - lastSweep >= SWEEP_INTERVAL_MS) {
          lastSweep = now;
          sweep.run({ now, day: DAY_MS });
        }
        const row = get.get(key) as CodeRow | undefined;
        if (row && now - row.lastSent < SMS_RESEND_SECONDS * 1000) return { issued: false, refusal: 'too_frequent' };
        const sameDay = row !== undefined && now - row.dayStart < DAY_MS;
        if (sameDay && row.daySends >= SMS_DAILY_LIMIT) return { issued: false, refusal: 'daily_limit' };
        const code = newSmsCode();
        put.run({
          key,
          codeHash: hashOf(mobile, code),
          expiresAt: now + SMS_CODE_TTL_SECONDS * 1000,
          now,
          dayStart: sameDay ? row.dayStart : now,
          daySends: sameDay ? row.daySends + 1 : 1,
        });
        return { issued: true, code };
      })();
    },

    /** Drops the number's row (a closed account's: its hash would name the number). */
    forget(mobile: string): void {
      forget.run(keyOf(mobile));
    },

    /**
     * True once for the right, unexpired code, which is used up by this call; a wrong code counts
     * an attempt, and after SMS_CODE_MAX_ATTEMPTS the code is dead. Compared in constant time.
     */
    prove(mobile: string, code: string, now: number): boolean {
      const key = keyOf(mobile);
      return db.transaction(() => {
        const row = get.get(key) as CodeRow | undefined;
        if (!row || !row.codeHash || row.expiresAt <= now || row.attempts >= SMS_CODE_MAX_ATTEMPTS) return false;
        if (sameText(row.codeHash, hashOf(mobile, code))) {
          useUp.run(key);
          return true;
        }
        countAttempt.run(key);
        return false;
      })();
    },
  };
}

export type SmsCodeRepository = ReturnType<typeof createSmsCodeRepository>;
