import type { Migration } from './migration.js';

const migration: Migration = {
  version: 14,
  name: 'login-sessions',
  // Every login starts a server-side session, named by a
  // random sid that its tokens carry as a claim; logout revokes it (every token of it at once),
  // and a session unused for SESSION_IDLE_SECONDS ends. The one-time codes of the old site and the
  // hand-offs back to the portal are bound to the session that minted them (sid) and say what
  // they are for (purpose), so ending a session ends them too and one kind cannot pass for
  // another. Hand-offs from before this migration name no session: they are dropped (each lived
  // ten minutes). QR tickets remember the browser and address that asked, for the phone to show.
  sql: `
CREATE TABLE login_sessions (
  sid TEXT PRIMARY KEY,
  -- user:<id> or wechat:<openId>, as the tokens' sub.
  subject TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  -- The last authenticated use (written at most every 30 s per session).
  last_seen_at INTEGER NOT NULL,
  -- The absolute end: no token of the session outlives it.
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
) WITHOUT ROWID;
CREATE INDEX login_sessions_by_expiry ON login_sessions (expires_at);

DELETE FROM login_handoffs;
ALTER TABLE login_handoffs ADD COLUMN sid TEXT NOT NULL DEFAULT '';
-- portal: the old site's logintoken back to the portal (/newszxy); oldsite: the portal's code for
-- NewLinkTo.aspx; logout: the portal's code for NewLoginOut.aspx.
ALTER TABLE login_handoffs ADD COLUMN purpose TEXT NOT NULL DEFAULT 'portal'
  CHECK (purpose IN ('portal', 'oldsite', 'logout'));
CREATE INDEX login_handoffs_by_sid ON login_handoffs (sid);

ALTER TABLE login_tickets ADD COLUMN requester_browser TEXT NOT NULL DEFAULT '';
ALTER TABLE login_tickets ADD COLUMN requester_ip TEXT NOT NULL DEFAULT '';
`,
};

export default migration;
