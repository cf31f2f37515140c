import type { Database } from 'better-sqlite3';

/** A login session as stored (times in ms since the epoch). */
export interface LoginSessionRow {
  sid: string;
  subject: string;
  /** The account it acts for: user:<id> when the subject is or was bound to one, else the subject. */
  account: string;
  /** The session that confirmed this one's QR ticket; null for a login of its own. */
  parentSid: string | null;
  /** Made from a hand-off: its tokens carry via 'handoff' and cannot bind. */
  restricted: boolean;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

/** What a new session is: whose, for which account, and (a QR login) made from which session. */
export interface NewLoginSession {
  sid: string;
  subject: string;
  account: string;
  parentSid?: string;
  restricted?: boolean;
}

/**
 * What a one-time code is for: `portal`, the old site's logintoken back to the portal
 * (/newszxy); `oldsite`, the portal's code for the old site's personal centre; `logout`, the
 * portal's code for the old site's logout page.
 */
export type CodePurpose = 'portal' | 'oldsite' | 'logout';

/** How long past its end a session row is kept before it is swept. */
const KEEP_MS = 24 * 60 * 60_000;

const SESSION_COLUMNS = `sid, subject, account, parent_sid AS parentSid, restricted, created_at AS createdAt,
  last_seen_at AS lastSeenAt, expires_at AS expiresAt, revoked_at AS revokedAt`;

/** A session and every restricted session made from it, down the chain of QR logins (@sid's tree). */
const TREE = `WITH RECURSIVE tree(sid) AS (
  SELECT @sid UNION
  SELECT s.sid FROM login_sessions s JOIN tree t ON s.parent_sid = t.sid WHERE s.restricted = 1 AND s.sid IS NOT @keep)`;

/**
 * Login sessions and the one-time codes bound to them (login_sessions, login_handoffs). Codes
 * are stored as their SHA-256 only; taking one deletes it, so it works once. Ending a session
 * ends the restricted sessions made from it too (QR logins confirmed by a hand-off, theirs, …)
 * with every code of them; a QR login made by a login of its own is another device's, and stays.
 */
export function createLoginSessionRepository(db: Database) {
  const insert = db.prepare(
    `INSERT INTO login_sessions (sid, subject, account, parent_sid, restricted, created_at, last_seen_at, expires_at, revoked_at)
     VALUES (@sid, @subject, @account, @parentSid, @restricted, @now, @now, @expiresAt, NULL)`,
  );
  const find = db.prepare(`SELECT ${SESSION_COLUMNS} FROM login_sessions WHERE sid = ?`);
  const touch = db.prepare('UPDATE login_sessions SET last_seen_at = ? WHERE sid = ? AND revoked_at IS NULL');
  // Sessions ended before their end (expired ones are not counted: they had ended already).
  const revokeTree = db.prepare(
    `${TREE} UPDATE login_sessions SET revoked_at = @now
     WHERE sid IN tree AND revoked_at IS NULL AND expires_at > @now RETURNING sid`,
  );
  const dropTreeCodes = db.prepare(`${TREE} DELETE FROM login_handoffs WHERE sid IN tree`);
  const codePut = db.prepare(
    'INSERT INTO login_handoffs (token_hash, subject, sid, purpose, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const codeTake = db.prepare(
    `DELETE FROM login_handoffs WHERE token_hash = ? AND purpose = ? AND expires_at > ?
     RETURNING subject, sid`,
  );
  const sweep = db.prepare('DELETE FROM login_sessions WHERE expires_at <= ?');
  // The account's sessions, by the account recorded at login or on binding, or by a subject of it now.
  const ofAccount = db
    .prepare(
      `SELECT sid FROM login_sessions
       WHERE revoked_at IS NULL AND sid IS NOT @keep
         AND (account = @account OR subject IN (SELECT value FROM json_each(@subjects)))`,
    )
    .pluck();
  const liveOfAccount = db.prepare(
    `SELECT ${SESSION_COLUMNS} FROM login_sessions
     WHERE revoked_at IS NULL AND expires_at > @now
       AND (account = @account OR subject IN (SELECT value FROM json_each(@subjects)))
     ORDER BY created_at DESC`,
  );
  const adopt = db.prepare('UPDATE login_sessions SET account = ? WHERE subject = ? AND revoked_at IS NULL');

  /** Ends a session's tree (but `keep`) and drops its codes: the sids ended now. */
  const endTree = (sid: string, now: number, keep: string | null): string[] => {
    dropTreeCodes.run({ sid, keep });
    return (revokeTree.all({ sid, keep, now }) as { sid: string }[]).map((row) => row.sid);
  };

  return {
    create(session: NewLoginSession, now: number, expiresAt: number): void {
      insert.run({
        sid: session.sid,
        subject: session.subject,
        account: session.account,
        parentSid: session.parentSid ?? null,
        restricted: session.restricted ? 1 : 0,
        now,
        expiresAt,
      });
    },

    find(sid: string): LoginSessionRow | null {
      const row = find.get(sid) as (Omit<LoginSessionRow, 'restricted'> & { restricted: number }) | undefined;
      return row ? { ...row, restricted: row.restricted === 1 } : null;
    },

    /** Records a use of the session (the caller throttles). */
    touch(sid: string, now: number): void {
      touch.run(now, sid);
    },

    /**
     * Ends every live session of an account — those recorded as its own, and those of `subjects`
     * (its mobile login and the chat-app identity bound to it) — with the sessions made from them
     * and their codes, all but `keep` (the request's own, when it proved the password again).
     * How many were live.
     */
    revokeAccount(account: string, subjects: readonly string[], now: number, keep: string | null = null): number {
      return db.transaction(() => {
        const ended = new Set<string>();
        for (const sid of ofAccount.all({ account, subjects: JSON.stringify(subjects), keep }) as string[]) {
          for (const gone of endTree(sid, now, keep)) ended.add(gone);
        }
        return ended.size;
      })();
    },

    /** The account's sessions not revoked nor past their end (idleness is the caller's to judge), newest first. */
    ofAccount(account: string, subjects: readonly string[], now: number): LoginSessionRow[] {
      const rows = liveOfAccount.all({ account, subjects: JSON.stringify(subjects), now }) as (Omit<
        LoginSessionRow,
        'restricted'
      > & { restricted: number })[];
      return rows.map((row) => ({ ...row, restricted: row.restricted === 1 }));
    },

    /** The live sessions of `subject` act for `account` from now on (a chat-app identity just bound). */
    adopt(subject: string, account: string): void {
      adopt.run(account, subject);
    },

    /** Ends the session and the restricted sessions made from it, dropping every code of them; false when it had already ended. */
    revoke(sid: string, now: number): boolean {
      return db.transaction(() => endTree(sid, now, null).includes(sid))();
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
