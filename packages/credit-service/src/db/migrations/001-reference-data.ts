import type { Migration } from './migration.js';

const COUNTERPART_CODES = (prefix: 'XK' | 'CF'): string =>
  ['SHXYM', 'ZZJG', 'GSZC', 'SWDJ', 'SYDW', 'SHZZ']
    .map((code) => `  ${prefix}_XDR_${code} TEXT NOT NULL DEFAULT ''`)
    .join(',\n');

const migration: Migration = {
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
};

export default migration;
