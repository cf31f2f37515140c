import type { Migration } from './migration.js';

const migration: Migration = {
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
};

export default migration;
