import type { Migration } from './migration.js';

const migration: Migration = {
  version: 27,
  name: 'webhooks',
  // The reusers the centre registered for signed change notifications, and the delivery of each
  // change of public_changes to each of them: the state lives here, so a restart resumes it.
  sql: `
CREATE TABLE webhook_subscribers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  -- http:// or https:// only.
  url TEXT NOT NULL,
  -- The HMAC key, sealed with AES-256-GCM under a key kept outside the database (webhooks/secrets.ts).
  secret_sealed TEXT NOT NULL,
  algorithm TEXT NOT NULL CHECK (algorithm IN ('sha256', 'sm3')),
  -- JSON array of OpenDatasetIds.
  datasets TEXT NOT NULL,
  -- The last public_changes.seq queued for it: it gets the changes after the one current when it was added.
  queued_seq INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  removed_at TEXT
);
CREATE TABLE webhook_deliveries (
  subscriber_id INTEGER NOT NULL REFERENCES webhook_subscribers (id),
  seq INTEGER NOT NULL REFERENCES public_changes (seq),
  dataset TEXT NOT NULL,
  record_id TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'dead')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Unix ms: when it was queued (or replayed); it is retried for the retry window from then.
  queued_at INTEGER NOT NULL,
  next_attempt_at INTEGER NOT NULL,
  last_status INTEGER,
  last_error TEXT,
  -- ISO 8601.
  finished_at TEXT,
  PRIMARY KEY (subscriber_id, seq)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
CREATE INDEX webhook_deliveries_record ON webhook_deliveries (subscriber_id, dataset, record_id, seq);
`,
};

export default migration;
