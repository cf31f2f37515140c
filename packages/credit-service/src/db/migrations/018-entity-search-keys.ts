import type { Migration } from './migration.js';

/**
 * A search that forgives: the keys of an entity that SQL cannot compute — the name's
 * pinyin and pinyin initials (pinyin-pro, which reads polyphones in context: 商行 hang, 重庆 chong)
 * and its folded form (full-width to half-width, traditional to simplified, ASCII lower case)
 * where that differs from the name — are computed in JavaScript, once per name, by
 * repositories/entity-search-keys.ts. SQL keeps the work list: triggers queue every new or renamed
 * entity in entity_search_pending (and drop the keys of a deleted one); the repository drains the
 * queue when it starts and before each search (one indexed probe when it is empty). This migration
 * queues every existing entity, so an older database gets its keys on its next start (≈ 20–40 s
 * at a million entities). Trigram FTS5 indexes over the keys answer pinyin and initials (entity_pinyin_fts)
 * and folded names (entity_folded_fts); entities.legal_rep gets an index, so a legal representative's name finds their entities.
 */
const migration: Migration = {
  version: 18,
  name: 'entity-search-keys',
  sql: `
CREATE TABLE entity_search_keys (
  entity_id INTEGER PRIMARY KEY,
  pinyin TEXT NOT NULL,
  initials TEXT NOT NULL,
  folded TEXT,
  -- One pinyin per character of the name, space-separated ('-' for a character without one): what a pinyin hit marks.
  syllables TEXT NOT NULL
);
CREATE VIRTUAL TABLE entity_pinyin_fts USING fts5 (
  pinyin,
  initials,
  content = 'entity_search_keys',
  content_rowid = 'entity_id',
  tokenize = 'trigram'
);
-- Apart from the pinyin: a folded-name phrase must not read the pinyin's posting lists.
CREATE VIRTUAL TABLE entity_folded_fts USING fts5 (
  folded,
  content = 'entity_search_keys',
  content_rowid = 'entity_id',
  tokenize = 'trigram'
);
CREATE TRIGGER entity_keys_fts_insert AFTER INSERT ON entity_search_keys BEGIN
  INSERT INTO entity_pinyin_fts (rowid, pinyin, initials) VALUES (new.entity_id, new.pinyin, new.initials);
  INSERT INTO entity_folded_fts (rowid, folded) VALUES (new.entity_id, new.folded);
END;
CREATE TRIGGER entity_keys_fts_delete AFTER DELETE ON entity_search_keys BEGIN
  INSERT INTO entity_pinyin_fts (entity_pinyin_fts, rowid, pinyin, initials)
    VALUES ('delete', old.entity_id, old.pinyin, old.initials);
  INSERT INTO entity_folded_fts (entity_folded_fts, rowid, folded) VALUES ('delete', old.entity_id, old.folded);
END;
CREATE TRIGGER entity_keys_fts_update AFTER UPDATE ON entity_search_keys BEGIN
  INSERT INTO entity_pinyin_fts (entity_pinyin_fts, rowid, pinyin, initials)
    VALUES ('delete', old.entity_id, old.pinyin, old.initials);
  INSERT INTO entity_folded_fts (entity_folded_fts, rowid, folded) VALUES ('delete', old.entity_id, old.folded);
  INSERT INTO entity_pinyin_fts (rowid, pinyin, initials) VALUES (new.entity_id, new.pinyin, new.initials);
  INSERT INTO entity_folded_fts (rowid, folded) VALUES (new.entity_id, new.folded);
END;

CREATE TABLE entity_search_pending (entity_id INTEGER PRIMARY KEY);
CREATE TRIGGER entity_search_keys_insert AFTER INSERT ON entities BEGIN
  INSERT OR IGNORE INTO entity_search_pending (entity_id) VALUES (new.id);
END;
CREATE TRIGGER entity_search_keys_rename AFTER UPDATE OF name ON entities BEGIN
  INSERT OR IGNORE INTO entity_search_pending (entity_id) VALUES (new.id);
END;
CREATE TRIGGER entity_search_keys_delete AFTER DELETE ON entities BEGIN
  DELETE FROM entity_search_keys WHERE entity_id = old.id;
  DELETE FROM entity_search_pending WHERE entity_id = old.id;
END;
INSERT INTO entity_search_pending (entity_id) SELECT id FROM entities ORDER BY id;

CREATE INDEX entities_legal_rep ON entities (legal_rep);
`,
};

export default migration;
