import type { Migration } from './migration.js';

const migration: Migration = {
  version: 26,
  name: 'public-changes',
  sql: `
CREATE TABLE public_changes (
  -- The feed's order; a reader resumes after the last seq it saw.
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  -- Stable event id (random UUID): the webhook's event id, the feed's id.
  event_id TEXT NOT NULL UNIQUE,
  -- OpenDatasetId: xzxk, xzcf, hhmd, jyyc, zdsswf, tqgz.
  dataset TEXT NOT NULL,
  -- The record's stable id within its dataset (the id the open-data files and pages use).
  record_id TEXT NOT NULL,
  -- The entity the record concerns, if any.
  entity_id TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('added', 'updated', 'withdrawn')),
  -- Only for withdrawn: 已修复, 公示期满, 异议更正 or 撤销.
  reason TEXT,
  -- JSON array of the gateway cache tags the change makes stale.
  tags TEXT NOT NULL,
  -- ISO 8601 with the centre's offset, e.g. 2026-12-05T10:00:00.000+08:00.
  occurred_at TEXT NOT NULL
);
CREATE INDEX public_changes_record ON public_changes (dataset, record_id, seq);
`,
};

export default migration;
