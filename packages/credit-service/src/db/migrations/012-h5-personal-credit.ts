import type { Migration } from './migration.js';

const migration: Migration = {
  version: 12,
  name: 'h5-personal-credit',
  // The H5 app: the persons' documents and residence (the eligibility rule of spec §1),
  // the personal report in the config-table format of spec §3 (config rows, per-person data rows
  // as JSON objects keyed by their Chinese column names, 序号 included), issued report numbers,
  // tokens (stored as SHA-256 hashes; expiry in epoch ms), entity report requests and channels.
  sql: `
ALTER TABLE h5_persons ADD COLUMN gender TEXT NOT NULL DEFAULT '';
ALTER TABLE h5_persons ADD COLUMN birth_date TEXT NOT NULL DEFAULT '';
ALTER TABLE h5_persons ADD COLUMN residence TEXT NOT NULL DEFAULT '本地户籍' CHECK (residence IN ('本地户籍', '本地居住证', '外地'));
ALTER TABLE h5_persons ADD COLUMN local_social_insurance INTEGER NOT NULL DEFAULT 1 CHECK (local_social_insurance IN (0, 1));
ALTER TABLE h5_persons ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE h5_persons ADD COLUMN is_demo INTEGER NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1));

CREATE TABLE h5_report_config (
  version_code TEXT NOT NULL,
  sort_order INTEGER NOT NULL,
  source_table_en_name TEXT NOT NULL,
  sort_name TEXT NOT NULL,
  source_table_name TEXT NOT NULL,
  sort_grade TEXT NOT NULL CHECK (sort_grade IN ('I', 'II', 'III')),
  display_mode TEXT NOT NULL CHECK (display_mode IN ('1', '2')),
  PRIMARY KEY (version_code, sort_order)
) WITHOUT ROWID;

CREATE TABLE h5_report_rows (
  person_id INTEGER NOT NULL REFERENCES h5_persons (id),
  table_name TEXT NOT NULL,
  row_no INTEGER NOT NULL,
  data TEXT NOT NULL CHECK (json_valid(data) AND json_type(data) = 'object'),
  PRIMARY KEY (person_id, table_name, row_no)
) WITHOUT ROWID;

CREATE TABLE h5_reports (
  report_number TEXT PRIMARY KEY,
  person_id INTEGER NOT NULL REFERENCES h5_persons (id),
  query_date TEXT NOT NULL,
  created_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX h5_reports_by_person ON h5_reports (person_id, created_at DESC);

CREATE TABLE h5_tokens (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('cert', 'iz', 'info', 'report_step', 'report_final')),
  person_id INTEGER REFERENCES h5_persons (id),
  cert_type TEXT NOT NULL DEFAULT '',
  return_url TEXT,
  platform TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  verified_at INTEGER
) WITHOUT ROWID;
CREATE INDEX h5_tokens_by_expiry ON h5_tokens (expires_at);

CREATE TABLE h5_entity_report_requests (
  id INTEGER PRIMARY KEY,
  request_id TEXT NOT NULL UNIQUE,
  person_id INTEGER NOT NULL REFERENCES h5_persons (id),
  entity_id INTEGER NOT NULL REFERENCES entities (id),
  version_code TEXT NOT NULL CHECK (version_code = 'G'),
  infotoken_hash TEXT NOT NULL,
  cert_no TEXT NOT NULL,
  inquiry_mode TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  sent_to TEXT,
  report_number TEXT
);
CREATE INDEX h5_entity_report_requests_by_person ON h5_entity_report_requests (person_id, entity_id, id DESC);

CREATE TABLE h5_channel_visits (
  id INTEGER PRIMARY KEY,
  platform TEXT NOT NULL,
  remark TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`,
};

export default migration;
