/**
 * The schema, as numbered migrations applied in order (each in its own transaction) and
 * recorded in schema_migrations. Never edit a released migration: append a new one.
 * Licence and penalty columns carry the national double-disclosure field codes (XK_*, CF_*)
 * so rows map one-to-one onto the wire DTOs and onto 双公示 CSV files.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Names up to this many characters get every bigram indexed (migration 13's position table). */
export const BIGRAM_MAX_NAME_CHARS = 1000;

/** The trigger that gives a new entity its name bigrams (migration 13); the seed lifts it for its bulk load. */
export const ENTITY_BIGRAMS_INSERT_TRIGGER = 'entity_bigrams_insert';

/**
 * Fills entity_bigrams from every entity, sorted by key: one append-only pass instead of millions
 * of random inserts (migration 13 on existing rows; the seed after its entities).
 */
export const FILL_ENTITY_BIGRAMS = `INSERT INTO entity_bigrams (gram, entity_id)
  SELECT DISTINCT lower(substr(e.name, p.n, 2)), e.id
  FROM entities e JOIN name_positions p ON p.n < length(e.name)
  ORDER BY 1, 2;`;

const COUNTERPART_CODES = (prefix: 'XK' | 'CF'): string =>
  ['SHXYM', 'ZZJG', 'GSZC', 'SWDJ', 'SYDW', 'SHZZ']
    .map((code) => `  ${prefix}_XDR_${code} TEXT NOT NULL DEFAULT ''`)
    .join(',\n');

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'reference-data',
    sql: `
CREATE TABLE dataset (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  seed INTEGER NOT NULL,
  entities INTEGER NOT NULL,
  as_of TEXT NOT NULL,
  seeded_at TEXT NOT NULL
);

CREATE TABLE district_sites (
  record_id TEXT PRIMARY KEY,
  category_id TEXT NOT NULL,
  cms_base_id TEXT NOT NULL UNIQUE,
  site_name TEXT NOT NULL,
  district_name TEXT NOT NULL,
  region_code TEXT NOT NULL,
  layout TEXT NOT NULL CHECK (layout IN ('full', 'placeholder')),
  sort_order INTEGER NOT NULL
);

CREATE TABLE entities (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  credit_code TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('存续', '吊销', '注销', '其他')),
  ent_type TEXT NOT NULL,
  setup_date TEXT NOT NULL,
  legal_rep TEXT NOT NULL,
  region_code TEXT NOT NULL,
  address TEXT NOT NULL,
  district_id TEXT REFERENCES district_sites (record_id)
);
CREATE UNIQUE INDEX entities_credit_code ON entities (credit_code);

CREATE TABLE licences (
  id INTEGER PRIMARY KEY,
  entity_id INTEGER REFERENCES entities (id),
  district_id TEXT REFERENCES district_sites (record_id),
  XK_XDR_LB TEXT NOT NULL,
  XK_WSH TEXT NOT NULL,
  XK_XKZS TEXT NOT NULL,
  XK_XKLB TEXT NOT NULL,
  XK_XKBH TEXT NOT NULL,
  XK_NR TEXT NOT NULL,
  XK_XDR_MC TEXT NOT NULL,
${COUNTERPART_CODES('XK')},
  XK_FRDB TEXT NOT NULL,
  XK_JDRQ TEXT NOT NULL,
  XK_YXQZ TEXT NOT NULL,
  XK_YXQZI TEXT NOT NULL,
  XK_XKJG TEXT NOT NULL,
  XK_XKJGDM TEXT NOT NULL,
  XK_LYDW TEXT NOT NULL,
  XK_LYDWDM TEXT NOT NULL,
  UPDATETIME TEXT NOT NULL
);
CREATE INDEX licences_by_date ON licences (XK_JDRQ DESC, id DESC);
CREATE INDEX licences_by_district ON licences (district_id, XK_JDRQ DESC, id DESC);
CREATE INDEX licences_by_entity ON licences (entity_id);

CREATE TABLE penalties (
  id INTEGER PRIMARY KEY,
  entity_id INTEGER REFERENCES entities (id),
  district_id TEXT REFERENCES district_sites (record_id),
  CF_XDR_LB TEXT NOT NULL,
  CF_WSH TEXT NOT NULL,
  CF_CFLB TEXT NOT NULL,
  CF_NR_FK TEXT NOT NULL,
  CF_NR_WFFF TEXT NOT NULL,
  CF_NR_ZKDX TEXT NOT NULL,
  CF_SY TEXT NOT NULL,
${COUNTERPART_CODES('CF')},
  CF_YJ TEXT NOT NULL,
  CF_NR TEXT NOT NULL,
  CF_WFXW TEXT NOT NULL,
  CF_XDR_MC TEXT NOT NULL,
  CF_FRDB TEXT NOT NULL,
  CF_JDRQ TEXT NOT NULL,
  CF_CFJG TEXT NOT NULL,
  CF_GSJZQ TEXT NOT NULL,
  CF_SJLY TEXT NOT NULL,
  CF_ZT TEXT NOT NULL CHECK (CF_ZT IN ('正常', '信用修复中', '异议处理中')),
  UPDATETIME TEXT NOT NULL
);
CREATE INDEX penalties_by_date ON penalties (CF_JDRQ DESC, id DESC);
CREATE INDEX penalties_by_district ON penalties (district_id, CF_JDRQ DESC, id DESC);
CREATE INDEX penalties_by_deadline ON penalties (CF_GSJZQ);
CREATE INDEX penalties_by_entity ON penalties (entity_id);

CREATE TABLE h5_persons (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  id_type TEXT NOT NULL,
  id_number TEXT NOT NULL UNIQUE
);

CREATE TABLE h5_person_entities (
  person_id INTEGER NOT NULL REFERENCES h5_persons (id),
  entity_id INTEGER NOT NULL REFERENCES entities (id),
  position TEXT NOT NULL,
  PRIMARY KEY (person_id, entity_id)
) WITHOUT ROWID;
`,
  },
  {
    version: 2,
    name: 'content',
    sql: `
CREATE TABLE content (
  record_id TEXT PRIMARY KEY,
  category_id TEXT NOT NULL,
  -- '' is the main portal; otherwise the cms_base_id of a district site.
  site_id TEXT NOT NULL DEFAULT '',
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  body_html TEXT NOT NULL,
  -- The body without tags, for keyword search.
  body_text TEXT NOT NULL,
  author TEXT NOT NULL,
  source TEXT NOT NULL,
  release_date TEXT NOT NULL,
  top INTEGER NOT NULL DEFAULT 0 CHECK (top IN (0, 1)),
  is_url TEXT NOT NULL CHECK (is_url IN ('0', '1')),
  url TEXT NOT NULL DEFAULT '',
  -- 'old-site' urls are paths resolved against the configured old-site address when read.
  url_base TEXT NOT NULL DEFAULT 'absolute' CHECK (url_base IN ('absolute', 'old-site')),
  image_url TEXT,
  -- JSON object of string fields (a leader's photo, title and position, an office's address).
  extra TEXT,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX content_list ON content (category_id, site_id, top DESC, release_date DESC, record_id DESC);

CREATE TABLE flipbook_pages (
  record_id TEXT NOT NULL REFERENCES content (record_id),
  page_no INTEGER NOT NULL,
  heading TEXT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (record_id, page_no)
) WITHOUT ROWID;

CREATE TABLE media_images (
  name TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('illustration', 'banner', 'portrait', 'qr')),
  title TEXT NOT NULL,
  subtitle TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  hue INTEGER NOT NULL
) WITHOUT ROWID;
`,
  },
  {
    version: 3,
    name: 'entity-search-index',
    // Trigram FTS5 over the names, kept in step with entities by triggers (external content).
    sql: `
CREATE VIRTUAL TABLE entities_fts USING fts5 (
  name,
  content = 'entities',
  content_rowid = 'id',
  tokenize = 'trigram'
);
CREATE TRIGGER entities_fts_insert AFTER INSERT ON entities BEGIN
  INSERT INTO entities_fts (rowid, name) VALUES (new.id, new.name);
END;
CREATE TRIGGER entities_fts_delete AFTER DELETE ON entities BEGIN
  INSERT INTO entities_fts (entities_fts, rowid, name) VALUES ('delete', old.id, old.name);
END;
CREATE TRIGGER entities_fts_update AFTER UPDATE OF name ON entities BEGIN
  INSERT INTO entities_fts (entities_fts, rowid, name) VALUES ('delete', old.id, old.name);
  INSERT INTO entities_fts (rowid, name) VALUES (new.id, new.name);
END;
INSERT INTO entities_fts (entities_fts) VALUES ('rebuild');
`,
  },
  {
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
  },
  {
    version: 5,
    name: 'portal-pages',
    // The main portal's own pages: interaction messages, the lending platform, service guides
    // and the centre's annual reports. JSON columns hold short ordered lists of strings.
    sql: `
CREATE TABLE interaction_messages (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL CHECK (type IN ('consult', 'complaint', 'suggestion')),
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  asker TEXT NOT NULL,
  created_at TEXT NOT NULL,
  dept TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('replied', 'processing')),
  reply TEXT,
  replied_at TEXT,
  satisfaction TEXT CHECK (satisfaction IN ('满意', '基本满意', '不满意')),
  -- Messages with personal details stay out of the public lists; they still count in the figures.
  is_public INTEGER NOT NULL DEFAULT 1 CHECK (is_public IN (0, 1)),
  CHECK ((status = 'replied') = (reply IS NOT NULL AND replied_at IS NOT NULL))
);
CREATE INDEX interaction_by_date ON interaction_messages (is_public, created_at DESC, id DESC);

CREATE TABLE lending_banks (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  short_name TEXT NOT NULL,
  hotline TEXT NOT NULL,
  sort_order INTEGER NOT NULL
);

CREATE TABLE lending_products (
  id TEXT PRIMARY KEY,
  bank_code TEXT NOT NULL REFERENCES lending_banks (code),
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  max_amount REAL NOT NULL,
  rate_min REAL NOT NULL,
  rate_max REAL NOT NULL,
  term_months INTEGER NOT NULL,
  guarantee TEXT NOT NULL,
  target TEXT NOT NULL,
  features TEXT NOT NULL,
  requirements TEXT NOT NULL,
  sort_order INTEGER NOT NULL
);

CREATE TABLE lending_stats (
  key TEXT PRIMARY KEY,
  label TEXT NOT NULL,
  value TEXT NOT NULL,
  unit TEXT NOT NULL,
  sort_order INTEGER NOT NULL
);

CREATE TABLE service_guides (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  category TEXT NOT NULL,
  summary TEXT NOT NULL,
  -- JSON: basis, conditions, materials, steps, timeLimit, fee, channels, hotline, address, hours, onlinePath.
  detail TEXT NOT NULL,
  sort_order INTEGER NOT NULL
);

CREATE TABLE annual_reports (
  year INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  release_date TEXT NOT NULL,
  summary TEXT NOT NULL,
  -- JSON: [{ key, label, value, unit }] in display order; the year before is read from its own row.
  figures TEXT NOT NULL,
  -- JSON: [{ heading, html }].
  sections TEXT NOT NULL
);
`,
  },
  {
    version: 6,
    name: 'accounts-and-entity-details',
    // Issue 5: portal accounts, chat-app identities, QR login tickets, the JWT secret, and the
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
  },
  {
    version: 7,
    name: 'disclosure-lists',
    // Issue 9: the disclosure lists of the information-disclosure section. Rows name their
    // subject as published (entity_id links a seeded entity when there is one); ID numbers are
    // stored whole and masked on the way out. Dates are yyyy-mm-dd, update times yyyy-mm-dd hh:mm:ss.
    sql: `
CREATE TABLE abnormal_business (
  id INTEGER PRIMARY KEY,
  entity_id INTEGER REFERENCES entities (id),
  subject_type TEXT NOT NULL,
  ent_name TEXT NOT NULL,
  credit_code TEXT NOT NULL,
  legal_rep TEXT NOT NULL,
  reason TEXT NOT NULL,
  doc_no TEXT NOT NULL,
  decision_org TEXT NOT NULL,
  listed_on TEXT NOT NULL,
  source_unit TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX abnormal_business_by_date ON abnormal_business (listed_on DESC, id DESC);

CREATE TABLE major_tax_violations (
  id INTEGER PRIMARY KEY,
  entity_id INTEGER REFERENCES entities (id),
  subject_type TEXT NOT NULL,
  ent_name TEXT NOT NULL,
  credit_code TEXT NOT NULL,
  legal_rep TEXT NOT NULL,
  id_number TEXT NOT NULL,
  address TEXT NOT NULL,
  case_nature TEXT NOT NULL,
  facts TEXT NOT NULL,
  punishment TEXT NOT NULL,
  decision_org TEXT NOT NULL,
  listed_on TEXT NOT NULL,
  source_unit TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX major_tax_violations_by_date ON major_tax_violations (listed_on DESC, id DESC);

CREATE TABLE wage_arrears (
  id INTEGER PRIMARY KEY,
  entity_id INTEGER REFERENCES entities (id),
  subject_type TEXT NOT NULL,
  ent_name TEXT NOT NULL,
  credit_code TEXT NOT NULL,
  legal_rep TEXT NOT NULL,
  id_number TEXT NOT NULL,
  facts TEXT NOT NULL,
  -- 万元, two decimals.
  amount_wan TEXT NOT NULL,
  workers INTEGER NOT NULL,
  doc_no TEXT NOT NULL,
  decision_org TEXT NOT NULL,
  listed_on TEXT NOT NULL,
  valid_until TEXT NOT NULL,
  source_unit TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX wage_arrears_by_date ON wage_arrears (listed_on DESC, id DESC);

CREATE TABLE nontax_arrears (
  id INTEGER PRIMARY KEY,
  entity_id INTEGER REFERENCES entities (id),
  subject_type TEXT NOT NULL,
  ent_name TEXT NOT NULL,
  credit_code TEXT NOT NULL,
  legal_rep TEXT NOT NULL,
  id_number TEXT NOT NULL,
  item_name TEXT NOT NULL,
  -- 元, two decimals.
  amount_yuan TEXT NOT NULL,
  late_fee_yuan TEXT NOT NULL,
  basis TEXT NOT NULL,
  payable_by TEXT NOT NULL,
  notice_doc_no TEXT NOT NULL,
  noticed_on TEXT NOT NULL,
  status TEXT NOT NULL,
  collecting_org TEXT NOT NULL,
  source_unit TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX nontax_arrears_by_date ON nontax_arrears (payable_by DESC, id DESC);

CREATE TABLE personal_bankruptcies (
  id INTEGER PRIMARY KEY,
  case_no TEXT NOT NULL UNIQUE,
  debtor_name TEXT NOT NULL,
  id_number TEXT NOT NULL,
  case_type TEXT NOT NULL,
  court TEXT NOT NULL,
  accepted_on TEXT NOT NULL,
  status TEXT NOT NULL,
  administrator TEXT NOT NULL,
  administrator_phone TEXT NOT NULL,
  appointed_on TEXT NOT NULL,
  claim_deadline TEXT NOT NULL,
  creditor_meeting_on TEXT NOT NULL,
  -- 万元, two decimals.
  liabilities_wan TEXT NOT NULL,
  announcement TEXT NOT NULL,
  source_unit TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX personal_bankruptcies_by_date ON personal_bankruptcies (accepted_on DESC, id DESC);
`,
  },
  {
    version: 8,
    name: 'penalty-publicity',
    sql: `
-- Penalties are published by severity (国办发〔2025〕22号): 轻微 never, 一般 3 months to 1 year,
-- 严重 1 to 3 years from the decision date; a repaired record (repaired_on) leaves publicity.
ALTER TABLE penalties ADD COLUMN severity TEXT NOT NULL DEFAULT '一般' CHECK (severity IN ('轻微', '一般', '严重'));
ALTER TABLE penalties ADD COLUMN repaired_on TEXT;
-- Natural persons (v2.0): identity document type and number (masked on the wire).
ALTER TABLE penalties ADD COLUMN CF_XDR_ZJLX TEXT NOT NULL DEFAULT '';
ALTER TABLE penalties ADD COLUMN CF_XDR_ZJHM TEXT NOT NULL DEFAULT '';
-- Rows seeded before: a deadline beyond a year means a serious case.
UPDATE penalties SET severity = '严重' WHERE CF_GSJZQ > date(CF_JDRQ, '+12 months');
`,
  },
  {
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
  },
  {
    version: 10,
    name: 'promise-fulfilments',
    // Issue 9 (xscnList, xylygsDetail): the fulfilment checks of published credit promises — the
    // competent unit checked a promise after its term and found it kept (守信践诺). One check per
    // promise; checked_on yyyy-mm-dd, updated_at yyyy-mm-dd hh:mm:ss.
    sql: `
CREATE TABLE promise_fulfilments (
  id INTEGER PRIMARY KEY,
  promise_id INTEGER NOT NULL UNIQUE REFERENCES credit_promises (id),
  checked_on TEXT NOT NULL,
  checker TEXT NOT NULL,
  fulfilment TEXT NOT NULL,
  source_unit TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX promise_fulfilments_by_date ON promise_fulfilments (checked_on DESC, id DESC);
`,
  },
  {
    version: 11,
    name: 'credit-services',
    // Issue 11 (信用服务). owner is the login's subject key (user:<id>, or wechat:<openId> for an
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
  },
  {
    version: 12,
    name: 'h5-personal-credit',
    // The H5 app (issue 12): the persons' documents and residence (the eligibility rule of spec §1),
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
  },
  {
    version: 13,
    name: 'entity-name-bigrams',
    // Issue 13: two-character keywords, which the trigram index cannot answer, from an index of
    // every distinct bigram of every name ((gram, entity id), WITHOUT ROWID: the key is the row, so
    // a keyword's entities are one range read in id order). Grams are lower(): ASCII folded as LIKE
    // folds it. Triggers keep it in step with entities; SQLite has no series function and triggers
    // take no CTE, so a table of character positions drives substr() (names up to
    // ${BIGRAM_MAX_NAME_CHARS} characters get every bigram). Existing rows are filled sorted by key
    // (one append-only pass instead of millions of random inserts).
    sql: `
CREATE TABLE name_positions (n INTEGER PRIMARY KEY);
WITH RECURSIVE p (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM p WHERE n < ${BIGRAM_MAX_NAME_CHARS - 1})
INSERT INTO name_positions (n) SELECT n FROM p;

CREATE TABLE entity_bigrams (
  gram TEXT NOT NULL,
  entity_id INTEGER NOT NULL,
  PRIMARY KEY (gram, entity_id)
) WITHOUT ROWID;

${FILL_ENTITY_BIGRAMS}

CREATE TRIGGER ${ENTITY_BIGRAMS_INSERT_TRIGGER} AFTER INSERT ON entities BEGIN
  INSERT INTO entity_bigrams (gram, entity_id)
    SELECT DISTINCT lower(substr(new.name, n, 2)), new.id FROM name_positions WHERE n < length(new.name);
END;
CREATE TRIGGER entity_bigrams_delete AFTER DELETE ON entities BEGIN
  DELETE FROM entity_bigrams WHERE entity_id = old.id
    AND gram IN (SELECT lower(substr(old.name, n, 2)) FROM name_positions WHERE n < length(old.name));
END;
CREATE TRIGGER entity_bigrams_update AFTER UPDATE OF name ON entities BEGIN
  DELETE FROM entity_bigrams WHERE entity_id = old.id
    AND gram IN (SELECT lower(substr(old.name, n, 2)) FROM name_positions WHERE n < length(old.name));
  INSERT INTO entity_bigrams (gram, entity_id)
    SELECT DISTINCT lower(substr(new.name, n, 2)), new.id FROM name_positions WHERE n < length(new.name);
END;
`,
  },
];
