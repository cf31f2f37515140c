import type { Migration } from './migration.js';

const migration: Migration = {
  version: 6,
  name: 'accounts-and-entity-details',
  // Portal accounts, chat-app identities, QR login tickets, the JWT secret, and the
  // red/black lists and credit promises shown on the entity details page.
  sql: `
CREATE TABLE service_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  mobile TEXT NOT NULL UNIQUE,
  -- scrypt$N$r$p$salt$hash (base64url), one random salt per user.
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE wechat_identities (
  open_id TEXT PRIMARY KEY,
  nickname TEXT NOT NULL,
  -- The mobile account the identity is bound to (each side binds at most one).
  user_id INTEGER UNIQUE REFERENCES users (id),
  sort_order INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE login_tickets (
  ticket TEXT PRIMARY KEY,
  -- SHA-256 of the desktop's poll token: only the page that showed the QR code gets the login.
  poll_hash TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'scanned', 'confirmed', 'used')),
  -- Who confirmed: user:<id> or wechat:<openId>.
  subject TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX login_tickets_by_expiry ON login_tickets (expires_at);

-- One-time logintokens the old site hands back to the portal (/newszxy), stored hashed.
CREATE TABLE login_handoffs (
  token_hash TEXT PRIMARY KEY,
  subject TEXT NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;

-- Tokens ended by a logout before their expiry.
CREATE TABLE revoked_tokens (
  jti TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;

-- Failed password checks per (mobile, client IP), hashed; a lockout after too many.
CREATE TABLE login_failures (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  window_start INTEGER NOT NULL,
  locked_until INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

CREATE TABLE red_black_list (
  id INTEGER PRIMARY KEY,
  entity_id INTEGER NOT NULL REFERENCES entities (id),
  list_type TEXT NOT NULL CHECK (list_type IN ('red', 'black')),
  list_name TEXT NOT NULL,
  reason TEXT NOT NULL,
  authority TEXT NOT NULL,
  included_on TEXT NOT NULL,
  valid_until TEXT NOT NULL
);
CREATE INDEX red_black_by_entity ON red_black_list (entity_id);

CREATE TABLE credit_promises (
  id INTEGER PRIMARY KEY,
  entity_id INTEGER NOT NULL REFERENCES entities (id),
  -- The account that filed it (user:<id> or wechat:<openId>); null for records of the data set.
  owner TEXT,
  promise_type TEXT NOT NULL,
  content TEXT NOT NULL,
  promiser TEXT NOT NULL,
  contact_mobile TEXT NOT NULL DEFAULT '',
  promised_on TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('已公示', '待审核')),
  created_at TEXT NOT NULL
);
CREATE INDEX credit_promises_by_entity ON credit_promises (entity_id, promised_on DESC);
CREATE INDEX credit_promises_by_owner ON credit_promises (owner, id DESC);
`,
};

export default migration;
