import { createHash, randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { dummyHash, verifyPassword } from '../lib/passwords.js';
import { createReviewerRepository, type Reviewer } from './reviewers.js';

/*
 * How a reviewer signs in: login name, password and the current code of an authenticator app
 * (TOTP, RFC 6238: SHA-1, six digits, 30-second steps — what every such app does by default),
 * two factors as GB/T 22239-2019 8.1.4.1 asks of administrators at level 3. A code is good once:
 * its time step must be later than the last one used. Five failures in a row lock the account
 * for 15 minutes. Every refusal looks the same to the caller; the audit trail keeps the reason.
 */

/** A session unused this long ends. */
export const REVIEWER_SESSION_IDLE_SECONDS = 30 * 60;
/** No session outlives this, used or not (a working day). */
export const REVIEWER_SESSION_MAX_SECONDS = 8 * 60 * 60;
/** Failed logins in a row before the account is locked, and for how long. */
export const REVIEWER_LOCK_AFTER = 5;
export const REVIEWER_LOCK_SECONDS = 15 * 60;

/** Codes of the step before and after the server's clock are accepted too (a phone a little off). */
const TOTP_TOLERANCE_SECONDS = 30;
const CODE_PATTERN = /^\d{6}$/;

/** The issuer an authenticator app shows beside the login. */
export const TOTP_ISSUER = '信用服务审核';

/** A new authenticator secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// address an authenticator app enrols from (typed, or shown as a QR code). */
export const enrolmentUri = (login: string, secret: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: login, secret });

/** The time step of `code` near `nowMs`, or null when it is no code of the secret then. */
function stepOf(secret: string, code: string, nowMs: number): number | null {
  if (!CODE_PATTERN.test(code)) return null;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** A strong password for a new reviewer or a reset: 18 random bytes, 24 characters. */
export const newReviewerPassword = (): string => randomBytes(18).toString('base64url');

/** A session's bearer token: 32 random bytes; only its SHA-256 is stored. */
const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const sessionTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Why a login was refused (the audit's reason; the caller is told none of them). */
export type ReviewerLoginRefusal =
  'unknown_reviewer' | 'disabled' | 'locked' | 'bad_password' | 'bad_code' | 'replayed_code';

export type ReviewerLoginOutcome =
  | { ok: true; reviewer: Reviewer; token: string; expiresAt: number }
  | { ok: false; reviewer: Reviewer | null; reason: ReviewerLoginRefusal };

/** No one's password, checked for an unknown login so that it costs what a known one does (the CLI hashes at SCRYPT_PARAMS). */
const NO_ONE = dummyHash();

export function createReviewerAuth(db: Database, now: () => number = Date.now) {
  const reviewers = createReviewerRepository(db);
  const idleMs = REVIEWER_SESSION_IDLE_SECONDS * 1000;
  return {
    reviewers,

    /** Checks a login's three parts; on success starts a session and answers its token. */
    async login(login: string, password: string, code: string): Promise<ReviewerLoginOutcome> {
      const reviewer = reviewers.byLogin(login.trim());
      const passwordOk = await verifyPassword(password, reviewer?.passwordHash ?? NO_ONE);
      const at = now();
      if (!reviewer) return { ok: false, reviewer: null, reason: 'unknown_reviewer' };
      if (reviewer.disabledAt !== null) return { ok: false, reviewer, reason: 'disabled' };
      // Read again after the scrypt wait: failures may have locked it meanwhile.
      const lockedUntil = reviewers.byId(reviewer.id)?.lockedUntil ?? null;
      if (lockedUntil !== null && lockedUntil > at) return { ok: false, reviewer, reason: 'locked' };
      const refuse = (reason: ReviewerLoginRefusal): ReviewerLoginOutcome => {
        reviewers.fail(reviewer.id, REVIEWER_LOCK_AFTER, at + REVIEWER_LOCK_SECONDS * 1000);
        return { ok: false, reviewer, reason };
      };
      if (!passwordOk) return refuse('bad_password');
      const step = stepOf(reviewer.totpSecret, code.trim(), at);
      if (step === null) return refuse('bad_code');
      if (!reviewers.takeStep(reviewer.id, step)) return refuse('replayed_code');
      reviewers.sweep(at, idleMs);
      const token = newSessionToken();
      const expiresAt = at + REVIEWER_SESSION_MAX_SECONDS * 1000;
      reviewers.startSession(sessionTokenHash(token), reviewer.id, at, expiresAt);
      return { ok: true, reviewer, token, expiresAt };
    },

    /** The reviewer of a live session token, or null. */
    reviewerOf(token: string | undefined | null): Reviewer | null {
      if (!token) return null;
      return reviewers.sessionReviewer(sessionTokenHash(token), now(), idleMs);
    },

    logout(token: string): void {
      reviewers.endSession(sessionTokenHash(token));
    },
  };
}

export type ReviewerAuth = ReturnType<typeof createReviewerAuth>;
