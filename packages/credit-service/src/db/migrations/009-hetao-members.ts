import type { Migration } from './migration.js';

const migration: Migration = {
  version: 9,
  name: 'hetao-members',
  // 信用河套: the member enterprises of the Hetao cooperation zone's credit list, one row per
  // entity. labels is a JSON array of label names in display order; joined_on yyyy-mm-dd,
  // updated_at yyyy-mm-dd hh:mm:ss.
  sql: `
CREATE TABLE hetao_members (
  entity_id INTEGER PRIMARY KEY REFERENCES entities (id),
  labels TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(labels) AND json_type(labels) = 'array'),
  joined_on TEXT NOT NULL,
  source_unit TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX hetao_members_by_date ON hetao_members (joined_on DESC, entity_id DESC);
`,
};

export default migration;
