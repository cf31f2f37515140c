import type { Migration } from './migration.js';
import { BIGRAM_MAX_NAME_CHARS } from './013-entity-name-bigrams.js';

/** The searched text columns of each double-disclosure table: counterpart name, document number. */
export const TEXT_COLUMNS = {
  licences: ['XK_XDR_MC', 'XK_WSH'],
  penalties: ['CF_XDR_MC', 'CF_WSH'],
} as const;

/**
 * The gram document of one row (`row.` is `new.`, `old.` or empty): for every character of each
 * text column the token b + hex(lower(it and the next character)) — at the end of a text, the last
 * character alone, so that a one-character keyword is a prefix of some token. lower() folds ASCII
 * only, as LIKE does. A text of BIGRAM_MAX_NAME_CHARS characters or more also gets the token x: the
 * positions table stops there, and the search reads such rows whatever the keyword.
 */
export const gramDocument = (table: keyof typeof TEXT_COLUMNS, row: string) =>
  TEXT_COLUMNS[table]
    .map(
      (column) => `coalesce((SELECT group_concat('b' || hex(lower(substr(${row}${column}, n, 2))), ' ')
        FROM name_positions WHERE n <= length(${row}${column})), '')
      || iif(length(${row}${column}) >= ${BIGRAM_MAX_NAME_CHARS}, ' x', '')`,
    )
    .join(" || ' ' || ");

/** A table's gram index: FTS5 without content, row ids only, ASCII tokens. */
export const gramTable = (table: keyof typeof TEXT_COLUMNS) => `CREATE VIRTUAL TABLE ${table}_grams USING fts5 (
  grams,
  content = '',
  contentless_delete = 1,
  detail = none,
  tokenize = 'ascii'
);`;

const gramIndex = (table: keyof typeof TEXT_COLUMNS) => `
${gramTable(table)}
INSERT INTO ${table}_grams (rowid, grams) SELECT id, ${gramDocument(table, '')} FROM ${table};
CREATE TRIGGER ${table}_grams_insert AFTER INSERT ON ${table} BEGIN
  INSERT INTO ${table}_grams (rowid, grams) VALUES (new.id, ${gramDocument(table, 'new.')});
END;
CREATE TRIGGER ${table}_grams_update AFTER UPDATE OF ${TEXT_COLUMNS[table].join(', ')} ON ${table} BEGIN
  DELETE FROM ${table}_grams WHERE rowid = old.id;
  INSERT INTO ${table}_grams (rowid, grams) VALUES (new.id, ${gramDocument(table, 'new.')});
END;
CREATE TRIGGER ${table}_grams_delete AFTER DELETE ON ${table} BEGIN
  DELETE FROM ${table}_grams WHERE rowid = old.id;
END;
`;

/**
 * The double-disclosure searches at a million records (bench/publicity measured the reasons):
 *
 * - A keyword was LIKE '%…%' over every row (1.4–2.3 s at p95). Each table gets a gram index: an
 *   FTS5 table without content (detail none: row ids only) whose tokens are the hex of every
 *   two-character substring of the name and the document number (gramDocument). A keyword's
 *   candidates are the rows holding all of its bigrams (a one-character keyword: a token prefix),
 *   whatever its length; the search keeps its LIKE conditions on them, so the results are LIKE's.
 *   Triggers keep it in step in the statement that changes a row; a repair or withdrawal changes
 *   no text and leaves through the search's publicity conditions on the row itself.
 * - A credit code (the third alternative of a keyword) had no index: the search read every row.
 * - A licence page with a category walked licences_by_date, reading the table for each row it
 *   skipped: these indexes give the order (decision date, id) and hold the category. (Penalties
 *   name 031's partial index instead: repositories/publicity-search.ts.)
 */
const migration: Migration = {
  version: 34,
  name: 'publicity-keyword-grams',
  sql: `
${gramIndex('licences')}
${gramIndex('penalties')}
CREATE INDEX licences_by_code ON licences (XK_XDR_SHXYM);
CREATE INDEX penalties_by_code ON penalties (CF_XDR_SHXYM);
CREATE INDEX licences_search_in_order ON licences (XK_JDRQ, id, XK_XKLB);
CREATE INDEX licences_search_by_authority_in_order ON licences (XK_XKJG, XK_JDRQ, id, XK_XKLB);
`,
};

export default migration;
