import type { Migration } from './migration.js';

const migration: Migration = {
  version: 16,
  name: 'h5-browser-binding',
  // H5 face verification bound to its browser. A cert token carries the challenge of the
  // browser that asked for it (base64url SHA-256 of its secret verifier), the hash of the one-time
  // code the face verification returned with, and its failed tries; any token may be spent
  // (used_at: cert tokens on their exchange, report tokens on their use). parent_hash ties a token
  // to the one it was made from (an Infotoken to its izgtxytoken, report steps to their Infotoken),
  // so that 退出 revokes them all. h5_report_mails counts each person's report e-mails per day.
  sql: `
ALTER TABLE h5_tokens ADD COLUMN code_challenge TEXT;
ALTER TABLE h5_tokens ADD COLUMN code_hash TEXT;
ALTER TABLE h5_tokens ADD COLUMN failed_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE h5_tokens ADD COLUMN used_at INTEGER;
ALTER TABLE h5_tokens ADD COLUMN parent_hash TEXT;
CREATE INDEX h5_tokens_by_parent ON h5_tokens (parent_hash) WHERE parent_hash IS NOT NULL;

CREATE TABLE h5_report_mails (
  id INTEGER PRIMARY KEY,
  person_id INTEGER NOT NULL REFERENCES h5_persons (id),
  kind TEXT NOT NULL CHECK (kind IN ('personal', 'entity')),
  day TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX h5_report_mails_by_person ON h5_report_mails (person_id, day);
`,
};

export default migration;
