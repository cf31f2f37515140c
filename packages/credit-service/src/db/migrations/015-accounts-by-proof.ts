import type { Migration } from './migration.js';

const migration: Migration = {
  version: 15,
  name: 'accounts-by-proof',
  // Every identity proven. Registration's SMS codes, the chat app's one-time
  // authorization codes, and failed password checks counted per mobile number across addresses.
  sql: `
-- One live registration code per number: SHA-256 of number and code, never the code itself.
-- code_hash is '' once the code is used up (proven, or MAX attempts spent); the row stays for
-- the send limits (one per 60 s, ten per day).
CREATE TABLE sms_codes (
  mobile_key TEXT PRIMARY KEY,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL,
  last_sent INTEGER NOT NULL,
  day_start INTEGER NOT NULL,
  day_sends INTEGER NOT NULL
) WITHOUT ROWID;

-- Authorization codes of the chat app's OAuth 2.0 page (the demo stand-in issues them), hashed,
-- with the hash of the state they were issued for; deleted by the one exchange that uses them.
CREATE TABLE wechat_auth_codes (
  code_hash TEXT PRIMARY KEY,
  open_id TEXT NOT NULL,
  state_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX wechat_auth_codes_by_expiry ON wechat_auth_codes (expires_at);

-- Failed password checks per mobile number (hashed), from any address: after five, a lockout
-- that doubles with each further failure (login_failures keeps the per-address count).
CREATE TABLE account_lockouts (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  last_failure INTEGER NOT NULL,
  locked_until INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
`,
};

export default migration;
