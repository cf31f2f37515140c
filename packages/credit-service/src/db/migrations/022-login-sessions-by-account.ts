import type { Migration } from './migration.js';

const migration: Migration = {
  version: 22,
  name: 'login-sessions-by-account',
  // One session model for the account: a session belongs to the account it acts for, whatever
  // identity opened it, so a password reset or an unbinding ends the chat-app logins of the
  // account too. A QR login is the child of the session that confirmed it and ends no later; the
  // child of a hand-off keeps its restriction (it cannot bind) and is ended with its parent.
  // Sessions of before get their account from today's binding; their parents are unknown.
  sql: `
-- user:<id> when the subject is, or is bound to, a mobile account; else the subject (wechat:<openId>).
ALTER TABLE login_sessions ADD COLUMN account TEXT NOT NULL DEFAULT '';
-- The session that confirmed this one's QR ticket, if any.
ALTER TABLE login_sessions ADD COLUMN parent_sid TEXT;
-- 1: made from a hand-off (a login that came by a link): its tokens carry via 'handoff'.
ALTER TABLE login_sessions ADD COLUMN restricted INTEGER NOT NULL DEFAULT 0 CHECK (restricted IN (0, 1));
UPDATE login_sessions SET account = COALESCE(
  (SELECT 'user:' || w.user_id FROM wechat_identities w
    WHERE 'wechat:' || w.open_id = login_sessions.subject AND w.user_id IS NOT NULL),
  subject);
CREATE INDEX login_sessions_by_account ON login_sessions (account) WHERE revoked_at IS NULL;
CREATE INDEX login_sessions_by_parent ON login_sessions (parent_sid) WHERE parent_sid IS NOT NULL;

-- Which session confirmed a ticket, and whether it was restricted (then, so was its confirming token).
ALTER TABLE login_tickets ADD COLUMN confirmed_sid TEXT;
ALTER TABLE login_tickets ADD COLUMN confirmed_restricted INTEGER NOT NULL DEFAULT 0
  CHECK (confirmed_restricted IN (0, 1));
`,
};

export default migration;
