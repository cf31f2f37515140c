import type { Migration } from './migration.js';

const migration: Migration = {
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
};

export default migration;
