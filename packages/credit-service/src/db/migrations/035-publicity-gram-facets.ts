import type { Migration } from './migration.js';
import { TEXT_COLUMNS, gramDocument, gramTable } from './034-publicity-keyword-grams.js';

/**
 * A gram row's key is its record's decision date and id: yyyymmdd << GRAM_KEY_ID_BITS | id, so
 * that the gram index returns a keyword's candidates in the searches' order (decision date, id)
 * and a date range is a range of keys. Ids stay below 2^36, dates below year 10000: under 2^63.
 */
export const GRAM_KEY_ID_BITS = 36;

interface GramTable {
  date: string;
  code: string;
  /** Filters compared for equality: the token's letter and the column (one letter + hex(value)). */
  equal: Record<string, string>;
  /** What changes a row's document besides its texts (kind_bits follows CF_CFLB). */
  changedBy: readonly string[];
}

const TABLES: Record<keyof typeof TEXT_COLUMNS, GramTable> = {
  licences: {
    date: 'XK_JDRQ',
    code: 'XK_XDR_SHXYM',
    equal: { a: 'XK_XKJG', c: 'XK_XKLB' },
    changedBy: ['XK_JDRQ', 'XK_XDR_SHXYM', 'XK_XKJG', 'XK_XKLB'],
  },
  penalties: {
    date: 'CF_JDRQ',
    code: 'CF_XDR_SHXYM',
    equal: { a: 'CF_CFJG', v: 'severity', z: 'CF_ZT' },
    changedBy: ['CF_JDRQ', 'CF_XDR_SHXYM', 'CF_CFJG', 'CF_CFLB', 'severity', 'CF_ZT', 'CF_GSJZQ', 'repaired_on'],
  },
};

/** A penalty's kinds: kind_bits (migration 031) has one bit a kind. */
const KIND_COUNT = 8;

/** A YYYY-MM-DD date's month as a number: year · 12 + month - 1. */
const monthNumber = (date: string) =>
  `(CAST(substr(${date}, 1, 4) AS INTEGER) * 12 + CAST(substr(${date}, 6, 2) AS INTEGER) - 1)`;

/**
 * A penalty's publicity months: g + yyyymm of every month from its decision (or from now, if
 * decided later) to its deadline CF_GSJZQ, if it can be in publicity at all (the literal condition
 * of penaltyPublicizedSql). A search on a day of a month asks for that month's token; the deadline
 * itself is then compared on the row. Up to the positions table's length (83 years).
 */
const publicityMonths = (row: string) => `iif(${row}severity <> '轻微' AND ${row}repaired_on IS NULL,
  coalesce((SELECT ' ' || group_concat('g' || (m / 12) || substr('0' || (m % 12 + 1), -2), ' ')
    FROM (SELECT first + n - 1 AS m FROM name_positions,
      (SELECT min(${monthNumber(`${row}CF_JDRQ`)}, ${monthNumber("date('now')")}) AS first)
      WHERE n <= ${monthNumber(`${row}CF_GSJZQ`)} - first + 1)), ''), '')`;

/**
 * t + hex(lower(them)) for every three characters in a row of a text that are all ASCII (digits,
 * Latin letters): two of ten digits are a poor filter (a year's 24 is in every id holding 24), three
 * a far better one, and names have few such characters.
 */
const asciiTrigrams = (table: keyof typeof TEXT_COLUMNS, row: string) =>
  TEXT_COLUMNS[table]
    .map(
      (column) => `coalesce((SELECT ' ' || group_concat('t' || hex(lower(substr(${row}${column}, n, 3))), ' ')
        FROM name_positions WHERE n <= length(${row}${column}) - 2
          AND length(CAST(substr(${row}${column}, n, 3) AS BLOB)) = 3), '')`,
    )
    .join(' || ');

/** The gram key of a row (`row.`: `new.`, `old.` or empty). */
const gramKey = (table: keyof typeof TEXT_COLUMNS, row: string) =>
  `(CAST(replace(${row}${TABLES[table].date}, '-', '') AS INTEGER) << ${GRAM_KEY_ID_BITS}) + ${row}id`;

/**
 * One row's gram document: 034's bigram tokens (all begin with b, or are x), its ASCII trigrams
 * (asciiTrigrams), then h + hex(credit
 * code), one letter + hex(value) per equality filter (a: authority, c: category, v: severity, z:
 * state) and, for a penalty, k + the number of each of its kinds and its publicity months.
 */
const document = (table: keyof typeof TEXT_COLUMNS, row: string) => {
  const { code, equal } = TABLES[table];
  const tokens = [
    `'h' || hex(${row}${code})`,
    ...Object.entries(equal).map(([letter, column]) => `'${letter}' || hex(${row}${column})`),
  ];
  const kinds =
    table === 'penalties'
      ? Array.from({ length: KIND_COUNT }, (_, k) => ` || iif(${row}kind_bits & ${1 << k}, ' k${k}', '')`).join('') +
        ` || ${publicityMonths(row)}`
      : '';
  return `${gramDocument(table, row)} || ${asciiTrigrams(table, row)} || ' ' || ${tokens.join(" || ' ' || ")}${kinds}`;
};

const gramIndex = (table: keyof typeof TEXT_COLUMNS) => `
DROP TRIGGER ${table}_grams_insert;
DROP TRIGGER ${table}_grams_update;
DROP TRIGGER ${table}_grams_delete;
DROP TABLE ${table}_grams;
${gramTable(table)}
INSERT INTO ${table}_grams (rowid, grams)
  SELECT ${gramKey(table, '')}, ${document(table, '')} FROM ${table} ORDER BY ${TABLES[table].date}, id;
CREATE TRIGGER ${table}_grams_insert AFTER INSERT ON ${table} BEGIN
  INSERT INTO ${table}_grams (rowid, grams) VALUES (${gramKey(table, 'new.')}, ${document(table, 'new.')});
END;
CREATE TRIGGER ${table}_grams_update
AFTER UPDATE OF ${[...TEXT_COLUMNS[table], ...TABLES[table].changedBy].join(', ')} ON ${table} BEGIN
  DELETE FROM ${table}_grams WHERE rowid = ${gramKey(table, 'old.')};
  INSERT INTO ${table}_grams (rowid, grams) VALUES (${gramKey(table, 'new.')}, ${document(table, 'new.')});
END;
CREATE TRIGGER ${table}_grams_delete AFTER DELETE ON ${table} BEGIN
  DELETE FROM ${table}_grams WHERE rowid = ${gramKey(table, 'old.')};
END;
`;

/**
 * A keyword's candidates in the searches' order, narrowed by their filters, at a million records:
 * the gram indexes of migration 034 are built again keyed by decision date and id (GRAM_KEY_ID_BITS)
 * and with each row's credit code and filter values as tokens too (document). A keyword's
 * candidates are then one FTS5 query (`(x OR (b… AND b…) OR h…) AND a… AND k2`, a date range as a
 * range of keys) read in order until a page and the capped count are full. Before, a keyword whose
 * records bunch in the order (a year of the document numbers), or that a selective filter narrows,
 * read tens of thousands of rows. FTS5 cannot rekey a row or add tokens to it: the indexes are
 * filled again from the rows, in key order.
 */
const migration: Migration = {
  version: 35,
  name: 'publicity-gram-facets',
  sql: `
${gramIndex('licences')}
${gramIndex('penalties')}
`,
};

export default migration;
