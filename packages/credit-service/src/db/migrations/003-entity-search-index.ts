import type { Migration } from './migration.js';

const migration: Migration = {
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
};

export default migration;
