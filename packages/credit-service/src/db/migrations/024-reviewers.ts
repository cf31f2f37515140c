import type { Migration } from './migration.js';

const migration: Migration = {
  version: 24,
  name: 'reviewers',
  // Named reviewers with a second factor, in place of one review token for everyone: each of the
  // centre's reviewers has an account (created on the server's console, src/review/cli.ts) with a
  // password and a TOTP secret, and signs in to a session of its own; every decision names it.
  sql: `
CREATE TABLE reviewers (
  id INTEGER PRIMARY KEY,
  login TEXT NOT NULL UNIQUE,
  display_name TEXT NOT NULL,
  -- scrypt$N$r$p$salt$hash (base64url), as the portal's accounts.
  password_hash TEXT NOT NULL,
  -- The authenticator's shared secret, base32 (RFC 6238).
  totp_secret TEXT NOT NULL,
  -- The time step of the last code accepted: no code of it or before is accepted again.
  last_totp_step INTEGER,
  -- Failed logins in a row; at the limit the account is locked until locked_until (ms).
  failed_logins INTEGER NOT NULL DEFAULT 0,
  locked_until INTEGER,
  created_at INTEGER NOT NULL,
  disabled_at INTEGER
);

CREATE TABLE reviewer_sessions (
  -- SHA-256 of the bearer token (hex): the token itself is only ever with the reviewer.
  token_hash TEXT PRIMARY KEY,
  reviewer_id INTEGER NOT NULL REFERENCES reviewers (id),
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX reviewer_sessions_by_reviewer ON reviewer_sessions (reviewer_id);
CREATE INDEX reviewer_sessions_by_expiry ON reviewer_sessions (expires_at);
`,
};

export default migration;
