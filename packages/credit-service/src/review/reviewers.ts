import type { Database } from 'better-sqlite3';

/*
 * The centre's reviewers and their sessions (migration 24). Accounts are made and changed on the
 * server's console only (review-cli.ts); the service reads them, counts failed logins and keeps
 * the sessions.
 */

export interface Reviewer {
  id: number;
  login: string;
  name: string;
  passwordHash: string;
  totpSecret: string;
  /** The time step of the last code accepted, null before the first login. */
  lastTotpStep: number | null;
  failedLogins: number;
  /** ms; null when not locked. */
  lockedUntil: number | null;
  createdAt: number;
  disabledAt: number | null;
}

/** The audit trail's reference of a reviewer: its id, never its name. */
export const reviewerRef = (reviewer: Pick<Reviewer, 'id'>): string => `reviewer:${reviewer.id}`;

interface ReviewerRow {
  id: number;
  login: string;
  display_name: string;
  password_hash: string;
  totp_secret: string;
  last_totp_step: number | null;
  failed_logins: number;
  locked_until: number | null;
  created_at: number;
  disabled_at: number | null;
}

const toReviewer = (row: ReviewerRow): Reviewer => ({
  id: row.id,
  login: row.login,
  name: row.display_name,
  passwordHash: row.password_hash,
  totpSecret: row.totp_secret,
  lastTotpStep: row.last_totp_step,
  failedLogins: row.failed_logins,
  lockedUntil: row.locked_until,
  createdAt: row.created_at,
  disabledAt: row.disabled_at,
});

export function createReviewerRepository(db: Database) {
  const byLogin = db.prepare<[string], ReviewerRow>('SELECT * FROM reviewers WHERE login = ?');
  const byId = db.prepare<[number], ReviewerRow>('SELECT * FROM reviewers WHERE id = ?');
  const endSessionsOf = db.prepare<[number]>('DELETE FROM reviewer_sessions WHERE reviewer_id = ?');

  return {
    byLogin: (login: string): Reviewer | null => {
      const row = byLogin.get(login);
      return row ? toReviewer(row) : null;
    },
    byId: (id: number): Reviewer | null => {
      const row = byId.get(id);
      return row ? toReviewer(row) : null;
    },
    list: (): Reviewer[] => db.prepare<[], ReviewerRow>('SELECT * FROM reviewers ORDER BY id').all().map(toReviewer),

    /** Adds a reviewer; its id, or null when the login is taken. */
    add(login: string, name: string, passwordHash: string, totpSecret: string, now: number): number | null {
      const result = db
        .prepare(
          `INSERT INTO reviewers (login, display_name, password_hash, totp_secret, created_at)
           VALUES (?, ?, ?, ?, ?) ON CONFLICT (login) DO NOTHING`,
        )
        .run(login, name, passwordHash, totpSecret, now);
      return result.changes === 1 ? Number(result.lastInsertRowid) : null;
    },

    /** Disables a reviewer and ends its sessions; false when there is no such active reviewer. */
    disable: (id: number, now: number): boolean =>
      db.transaction(() => {
        endSessionsOf.run(id);
        return (
          db.prepare('UPDATE reviewers SET disabled_at = ? WHERE id = ? AND disabled_at IS NULL').run(now, id)
            .changes === 1
        );
      })(),

    /** A new authenticator secret: codes of the old one stop working, and so do the sessions. */
    resetTotp: (id: number, totpSecret: string): void =>
      db.transaction(() => {
        endSessionsOf.run(id);
        db.prepare('UPDATE reviewers SET totp_secret = ?, last_totp_step = NULL WHERE id = ?').run(totpSecret, id);
      })(),

    /** A new password: the sessions end and a lock is lifted. */
    resetPassword: (id: number, passwordHash: string): void =>
      db.transaction(() => {
        endSessionsOf.run(id);
        db.prepare('UPDATE reviewers SET password_hash = ?, failed_logins = 0, locked_until = NULL WHERE id = ?').run(
          passwordHash,
          id,
        );
      })(),

    /**
     * Takes a TOTP time step for a login: true when it is later than every step taken before
     * (one statement, so two logins racing with one code cannot both have it).
     */
    takeStep: (id: number, step: number): boolean =>
      db
        .prepare(
          `UPDATE reviewers SET last_totp_step = ?, failed_logins = 0, locked_until = NULL
           WHERE id = ? AND (last_totp_step IS NULL OR last_totp_step < ?)`,
        )
        .run(step, id, step).changes === 1,

    /** Counts a failed login; at `limit` failures in a row the reviewer is locked until `lockUntil` (and the count restarts). */
    fail: (id: number, limit: number, lockUntil: number): void => {
      db.prepare(
        `UPDATE reviewers SET
           locked_until = CASE WHEN failed_logins + 1 >= ? THEN ? ELSE locked_until END,
           failed_logins = CASE WHEN failed_logins + 1 >= ? THEN 0 ELSE failed_logins + 1 END
         WHERE id = ?`,
      ).run(limit, lockUntil, limit, id);
    },

    /** Starts a session (the token's hash). */
    startSession(tokenHash: string, reviewerId: number, now: number, expiresAt: number): void {
      db.prepare(
        'INSERT INTO reviewer_sessions (token_hash, reviewer_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      ).run(tokenHash, reviewerId, now, now, expiresAt);
    },

    /**
     * The reviewer of a live session — not past its end, used within `idleMs`, its reviewer not
     * disabled — marking it used now; null otherwise (an ended session is removed).
     */
    sessionReviewer(tokenHash: string, now: number, idleMs: number): Reviewer | null {
      const row = db
        .prepare<[string], ReviewerRow & { last_seen_at: number; expires_at: number }>(
          `SELECT r.*, s.last_seen_at, s.expires_at FROM reviewer_sessions s
           JOIN reviewers r ON r.id = s.reviewer_id WHERE s.token_hash = ?`,
        )
        .get(tokenHash);
      if (!row) return null;
      if (row.disabled_at !== null || row.expires_at <= now || row.last_seen_at + idleMs <= now) {
        db.prepare('DELETE FROM reviewer_sessions WHERE token_hash = ?').run(tokenHash);
        return null;
      }
      db.prepare('UPDATE reviewer_sessions SET last_seen_at = ? WHERE token_hash = ?').run(now, tokenHash);
      return toReviewer(row);
    },

    endSession: (tokenHash: string): void => {
      db.prepare('DELETE FROM reviewer_sessions WHERE token_hash = ?').run(tokenHash);
    },

    /** Removes the sessions that ended by time (at each login, so the table stays small). */
    sweep: (now: number, idleMs: number): void => {
      db.prepare('DELETE FROM reviewer_sessions WHERE expires_at <= ? OR last_seen_at <= ?').run(now, now - idleMs);
    },
  };
}

export type ReviewerRepository = ReturnType<typeof createReviewerRepository>;
