import type { Database } from 'better-sqlite3';

/** A login session as stored (times in ms since the epoch). */
export interface LoginSessionRow {
  sid: string;
  subject: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

/**
 * What a one-time code is for: `portal`, the old site's logintoken back to the portal
 * (/newszxy); `oldsite`, the portal's code for the old site's personal centre; `logout`, the
 * portal's code for the old site's logout page.
 */
export type CodePurpose = 'portal' | 'oldsite' | 'logout';

/** How long past its end a session row is kept before it is swept. */
const KEEP_MS = 24 * 60 * 60_000;

const SESSION_COLUMNS = `sid, subject, created_at AS createdAt, last_seen_at AS lastSeenAt, expires_at AS expiresAt,
  revoked_at AS revokedAt`;

/**
 * Login sessions and the one-time codes bound to them (login_sessions, login_handoffs). Codes
 * are stored as their SHA-256 only; taking one deletes it, so it works once.
 */
export function createLoginSessionRepository(db: Database) {
  const insert = db.prepare(
    `INSERT INTO login_sessions (sid, subject, created_at, last_seen_at, expires_at, revoked_at)
     VALUES (?, ?, ?, ?, ?, NULL)`,
  );
  const find = db.prepare(`SELECT ${SESSION_COLUMNS} FROM login_sessions WHERE sid = ?`);
  const touch = db.prepare('UPDATE login_sessions SET last_seen_at = ? WHERE sid = ? AND revoked_at IS NULL');
  const revoke = db.prepare('UPDATE login_sessions SET revoked_at = ? WHERE sid = ? AND revoked_at IS NULL');
  const dropCodes = db.prepare('DELETE FROM login_handoffs WHERE sid = ?');
  const codePut = db.prepare(
    'INSERT INTO login_handoffs (token_hash, subject, sid, purpose, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const codeTake = db.prepare(
    `DELETE FROM login_handoffs WHERE token_hash = ? AND purpose = ? AND expires_at > ?
     RETURNING subject, sid`,
  );
  const sweep = db.prepare('DELETE FROM login_sessions WHERE expires_at <= ?');
  const revokeAll = db.prepare(
    'UPDATE login_sessions SET revoked_at = @now WHERE subject = @subject AND revoked_at IS NULL AND expires_at > @now',
  );
  const dropAllCodes = db.prepare(
    'DELETE FROM login_handoffs WHERE sid IN (SELECT sid FROM login_sessions WHERE subject = ?)',
  );

  return {
    create(sid: string, subject: string, now: number, expiresAt: number): void {
      insert.run(sid, subject, now, now, expiresAt);
    },

    find: (sid: string): LoginSessionRow | null => (find.get(sid) as LoginSessionRow | undefined) ?? null,

    /** Records a use of the session (the caller throttles). */
    touch(sid: string, now: number): void {
      touch.run(now, sid);
    },

    /** Ends every live session of a subject, and their old-site codes: how many were live. */
    revokeAll(subject: string, now: number): number {
      return db.transaction(() => {
        dropAllCodes.run(subject);
        return revokeAll.run({ subject, now }).changes;
      })();
    },

    /** Ends the session and drops every code minted from it; false when it was already ended. */
    revoke(sid: string, now: number): boolean {
      return db.transaction(() => {
        dropCodes.run(sid);
        return revoke.run(now, sid).changes === 1;
      })();
    },

    createCode(codeHash: string, purpose: CodePurpose, subject: string, sid: string, expiresAt: number): void {
      codePut.run(codeHash, subject, sid, purpose, expiresAt);
    },

    /** The session and subject of an unexpired code of this purpose, used up by this call; else null. */
    takeCode(codeHash: string, purpose: CodePurpose, now: number): { subject: string; sid: string } | null {
      return (codeTake.get(codeHash, purpose, now) as { subject: string; sid: string } | undefined) ?? null;
    },

    /** Drops sessions that ended more than a day ago (expired codes go with the accounts' sweep). */
    sweep(now: number): void {
      sweep.run(now - KEEP_MS);
    },
  };
}

export type LoginSessionRepository = ReturnType<typeof createLoginSessionRepository>;
