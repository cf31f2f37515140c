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
];
