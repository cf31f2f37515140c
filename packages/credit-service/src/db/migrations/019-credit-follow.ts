import type { Migration } from './migration.js';

/**
 * 信用关注: follows, the notices made from what is published about a followed entity,
 * each account's mail choice and its daily digests, and the follow job's high-water marks.
 *
 * Publications are read from the tables the data already lives in: new rows of licences,
 * penalties, red_black_list and abnormal_business (their INTEGER PRIMARY KEY only grows), the
 * decisions of application_steps (a repair approved, an objection decided) — and a change of an
 * entity's status, which nothing records yet: the trigger below journals it.
 *
 * Idempotent across restarts: the job advances a source's mark (follow_marks) in the same
 * transaction that writes its notices, and a notice is unique per (owner, source, record), so a
 * change is noticed once. A digest is claimed per (owner, day) before it is sent: one a day at most.
 */
const migration: Migration = {
  version: 19,
  name: 'credit-follow',
  sql: `
CREATE TABLE follows (
  -- Never reused (AUTOINCREMENT): a signed unfollow link names the follow it ends, not a later one.
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- user:<id> or wechat:<openId> (a bound chat-app login acts as its mobile account).
  owner TEXT NOT NULL,
  entity_id INTEGER NOT NULL REFERENCES entities (id),
  created_at TEXT NOT NULL,
  UNIQUE (owner, entity_id)
);
CREATE INDEX follows_by_entity ON follows (entity_id);

CREATE TABLE follow_settings (
  owner TEXT PRIMARY KEY,
  email TEXT NOT NULL DEFAULT '',
  email_digest INTEGER NOT NULL DEFAULT 0 CHECK (email_digest IN (0, 1)),
  updated_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE follow_notices (
  id INTEGER PRIMARY KEY,
  owner TEXT NOT NULL,
  entity_id INTEGER NOT NULL REFERENCES entities (id),
  -- Where the publication was read (licences, penalties, application_steps, red_black_list,
  -- abnormal_business, entity_status_changes) and its row there.
  source TEXT NOT NULL,
  source_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  detail TEXT NOT NULL,
  record_id TEXT,
  published_on TEXT NOT NULL,
  created_at TEXT NOT NULL,
  read_at TEXT,
  -- The day of the digest that carried it (null: not mailed, or the owner takes no mail).
  digest_day TEXT,
  UNIQUE (owner, source, source_id)
);
CREATE INDEX follow_notices_by_owner ON follow_notices (owner, id DESC);
CREATE INDEX follow_notices_unmailed ON follow_notices (owner) WHERE digest_day IS NULL;

CREATE TABLE follow_digests (
  owner TEXT NOT NULL,
  day TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('sending', 'sent')),
  notices INTEGER NOT NULL,
  sent_at TEXT,
  PRIMARY KEY (owner, day)
) WITHOUT ROWID;

CREATE TABLE follow_marks (
  source TEXT PRIMARY KEY,
  last_id INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE entity_status_changes (
  id INTEGER PRIMARY KEY,
  entity_id INTEGER NOT NULL,
  old_status TEXT NOT NULL,
  new_status TEXT NOT NULL,
  changed_at TEXT NOT NULL
);
CREATE TRIGGER entity_status_journal AFTER UPDATE OF status ON entities
WHEN old.status IS NOT new.status BEGIN
  INSERT INTO entity_status_changes (entity_id, old_status, new_status, changed_at)
    VALUES (new.id, old.status, new.status, datetime('now', 'localtime'));
END;
`,
};

export default migration;
