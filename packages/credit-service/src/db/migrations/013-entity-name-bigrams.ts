import type { Migration } from './migration.js';

/** Names up to this many characters get every bigram indexed (the position table below). */
export const BIGRAM_MAX_NAME_CHARS = 1000;

/** The trigger that gives a new entity its name bigrams; the seed lifts it for its bulk load. */
export const ENTITY_BIGRAMS_INSERT_TRIGGER = 'entity_bigrams_insert';

/**
 * Fills entity_bigrams from every entity, sorted by key: one append-only pass instead of millions
 * of random inserts (this migration on existing rows; the seed after its entities).
 */
export const FILL_ENTITY_BIGRAMS = `INSERT INTO entity_bigrams (gram, entity_id)
  SELECT DISTINCT lower(substr(e.name, p.n, 2)), e.id
  FROM entities e JOIN name_positions p ON p.n < length(e.name)
  ORDER BY 1, 2;`;

const migration: Migration = {
  version: 13,
  name: 'entity-name-bigrams',
  // Two-character keywords, which the trigram index cannot answer, from an index of
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
};

export default migration;
