import type { Migration } from './migration.js';

const migration: Migration = {
  version: 4,
  name: 'visit-logs',
  sql: `
CREATE TABLE visit_logs (
  id INTEGER PRIMARY KEY,
  event_id TEXT NOT NULL UNIQUE,
  app_token TEXT NOT NULL,
  content_code TEXT NOT NULL,
  param TEXT NOT NULL,
  ipv4 TEXT NOT NULL,
  ipv6 TEXT NOT NULL,
  userid TEXT NOT NULL,
  visit_time TEXT NOT NULL,
  visitor_device TEXT NOT NULL,
  visitor_app_detail TEXT NOT NULL,
  received_log_time TEXT NOT NULL,
  batch_handle_time TEXT NOT NULL,
  stored_at TEXT NOT NULL,
  -- How many times the event arrived: delivery is at-least-once, storage exactly once.
  deliveries INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX visit_logs_by_visit_time ON visit_logs (visit_time);
`,
};

export default migration;
