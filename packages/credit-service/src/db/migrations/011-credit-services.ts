import type { Migration } from './migration.js';

const migration: Migration = {
  version: 11,
  name: 'credit-services',
  // 信用服务. owner is the login's subject key (user:<id>, or wechat:<openId> for an
  // unbound chat-app login). Times are yyyy-mm-dd hh:mm:ss local, days yyyy-mm-dd. Materials are
  // files under DATA_DIR/uploads (stored_name relative to it). A report keeps its canonical
  // content (JSON), that content's SHA-256, the issued PDF's SHA-256, the hash of its
  // verification code and an HMAC-SHA256 signature over all of them.
  sql: `
CREATE TABLE user_entities (
  owner TEXT NOT NULL,
  entity_id INTEGER NOT NULL REFERENCES entities (id),
  role TEXT NOT NULL,
  PRIMARY KEY (owner, entity_id)
) WITHOUT ROWID;
CREATE INDEX user_entities_by_entity ON user_entities (entity_id);

CREATE TABLE service_applications (
  id INTEGER PRIMARY KEY,
  apply_no TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('repair', 'objection')),
  owner TEXT NOT NULL,
  entity_id INTEGER NOT NULL REFERENCES entities (id),
  penalty_id INTEGER NOT NULL REFERENCES penalties (id),
  purpose TEXT NOT NULL,
  contact_name TEXT NOT NULL,
  contact_phone TEXT NOT NULL,
  description TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('submitted', 'accepted', 'reviewing', 'approved', 'rejected', 'completed')),
  result TEXT NOT NULL DEFAULT '',
  -- The penalty's CF_ZT before the filing, restored when the application is decided.
  previous_state TEXT NOT NULL,
  submitted_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX service_applications_by_owner ON service_applications (owner, id DESC);
CREATE INDEX service_applications_by_penalty ON service_applications (penalty_id);

CREATE TABLE application_steps (
  id INTEGER PRIMARY KEY,
  application_id INTEGER NOT NULL REFERENCES service_applications (id),
  step TEXT NOT NULL CHECK (step IN ('submitted', 'accepted', 'reviewing', 'approved', 'rejected', 'completed')),
  at TEXT NOT NULL,
  handling_unit TEXT NOT NULL,
  comment TEXT NOT NULL DEFAULT ''
);
CREATE INDEX application_steps_by_application ON application_steps (application_id, id);

CREATE TABLE application_materials (
  id INTEGER PRIMARY KEY,
  application_id INTEGER NOT NULL REFERENCES service_applications (id),
  file_name TEXT NOT NULL,
  stored_name TEXT NOT NULL UNIQUE,
  mime_type TEXT NOT NULL CHECK (mime_type IN ('application/pdf', 'image/jpeg', 'image/png')),
  size INTEGER NOT NULL,
  sha256 TEXT NOT NULL
);
CREATE INDEX application_materials_by_application ON application_materials (application_id, id);

CREATE TABLE credit_reports (
  report_no TEXT PRIMARY KEY,
  report_type TEXT NOT NULL CHECK (report_type IN ('enterprise', 'special')),
  entity_id INTEGER NOT NULL REFERENCES entities (id),
  period_from TEXT NOT NULL,
  period_to TEXT NOT NULL,
  generated_at TEXT NOT NULL,
  requested_by TEXT,
  code_hash TEXT NOT NULL,
  content TEXT NOT NULL CHECK (json_valid(content)),
  content_digest TEXT NOT NULL,
  pdf_sha256 TEXT NOT NULL,
  signature TEXT NOT NULL
);
CREATE INDEX credit_reports_by_pdf ON credit_reports (pdf_sha256);
`,
};

export default migration;
