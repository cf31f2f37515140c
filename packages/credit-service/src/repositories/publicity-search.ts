import type { Database, Statement } from 'better-sqlite3';
import {
  PENALTY_KINDS,
  PUBLICITY_SEARCH_COUNT_MAX,
  maskIdNumber,
  type LicenceCategory,
  type PenaltyKind,
  type PermitSearchRow,
  type PublicitySort,
  type PunishSearchRow,
} from '@credit-portal/shared';
import { LICENCE_FIELDS, PENALTY_FIELDS } from '../db/columns.js';
import { GRAM_KEY_ID_BITS } from '../db/migrations/035-publicity-gram-facets.js';
import { containsPattern } from '../lib/sql.js';
import { penaltyPublicizedSql, type Page } from './publicity.js';

/** A search's page: a keyword's total is counted up to PUBLICITY_SEARCH_COUNT_MAX (totalCapped: more match). */
export interface SearchPage<T> extends Page<T> {
  totalCapped?: boolean;
}

/** The filters both double-disclosure searches share; each one absent means "any". */
export interface PublicitySearchFilter {
  /** Matches the counterpart name or document number anywhere, or a credit code in full. */
  searchWord?: string;
  /** The deciding authority's exact name (XK_XKJG / CF_CFJG). */
  authority?: string;
  /** Decision date range, inclusive, YYYY-MM-DD. */
  dateFrom?: string;
  dateTo?: string;
  /** By decision date; default newest first. */
  sort?: PublicitySort;
}

export interface LicenceSearchFilter extends PublicitySearchFilter {
  category?: LicenceCategory;
}

export interface PenaltySearchFilter extends PublicitySearchFilter {
  kind?: PenaltyKind;
  severity?: '一般' | '严重';
  /** CF_ZT of a record in publicity (正常, 信用修复中, 异议处理中). */
  state?: string;
}

/** A search's conditions, their parameters and the table (with the index it must use, if any). */
interface Where {
  sql: string;
  params: Record<string, unknown>;
  from: string;
  /** The gram tokens of the equality filters that are set (migration 035's document). */
  tokens: string[];
}

/**
 * A keyword's conditions: its candidates in the gram index (a superset of its matches, with the
 * filters' tokens and the date range's keys) and the LIKE conditions on the row that decide among
 * them.
 */
interface KeywordWhere {
  /** The gram index's condition (its rowid: the key, decision date and id). */
  grams: string;
  row: string;
  params: Record<string, unknown>;
}

/** A slice of the matches: offset and limit (-1: all; a keyword's, up to the cap). */
export interface Slice {
  offset: number;
  limit: number;
}

/** One record as the CSV export writes it: field codes to text. */
export type ExportRecord = Record<string, string>;

interface Table {
  name: 'licences' | 'penalties';
  /** Column names by role. */
  date: string;
  authority: string;
  name_: string;
  docNo: string;
  code: string;
}

const LICENCE: Table = {
  name: 'licences',
  date: 'XK_JDRQ',
  authority: 'XK_XKJG',
  name_: 'XK_XDR_MC',
  docNo: 'XK_WSH',
  code: 'XK_XDR_SHXYM',
};
const PENALTY: Table = {
  name: 'penalties',
  date: 'CF_JDRQ',
  authority: 'CF_CFJG',
  name_: 'CF_XDR_MC',
  docNo: 'CF_WSH',
  code: 'CF_XDR_SHXYM',
};

/** Hex of the UTF-8 bytes of `text`, ASCII lower-cased as SQLite's lower() (and LIKE) fold. */
const gramHex = (text: string): string =>
  Buffer.from(
    text.replace(/[A-Z]/g, (ch) => ch.toLowerCase()),
    'utf8',
  ).toString('hex');

/** A filter value's token in a gram document (migration 035): its letter and hex(value), exact. */
const facetToken = (letter: string, value: string) => `"${letter}${Buffer.from(value, 'utf8').toString('hex')}"`;

/** The id in a gram key (migration 035: decision date << GRAM_KEY_ID_BITS + id). */
const KEY_ID_MASK = `${2 ** GRAM_KEY_ID_BITS - 1}`;

/** yyyymmdd of a YYYY-MM-DD date, the date part of a gram key; undefined for any other text. */
const keyDay = (date: string | undefined): number | undefined =>
  date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? Number(date.replaceAll('-', '')) : undefined;

/**
 * The FTS5 query of a keyword's candidates in a gram index (migrations 034 and 035): the rows
 * holding every bigram of it and every run of three ASCII characters (one character: the tokens it
 * begins), or too long for the index (token x). A superset of LIKE's matches; the search keeps the
 * LIKE conditions on the rows.
 */
export function gramQuery(keyword: string): string {
  const chars = [...keyword];
  if (chars.length === 1) return `x OR "b${gramHex(keyword)}"*`;
  const grams = new Set(chars.slice(1).map((ch, i) => `"b${gramHex(chars[i]! + ch)}"`));
  for (let i = 0; i + 3 <= chars.length; i += 1) {
    // Three characters in three bytes: all ASCII, as the document's test is.
    const three = chars.slice(i, i + 3).join('');
    if (Buffer.byteLength(three) === 3) grams.add(`"t${gramHex(three)}"`);
  }
  return `x OR (${[...grams].join(' AND ')})`;
}

/** The conditions of the shared filters other than the keyword that are set, with their parameters. */
function sharedConditions(
  table: Table,
  filter: PublicitySearchFilter,
  where: string[],
  params: Record<string, unknown>,
  tokens: string[],
) {
  if (filter.authority) {
    where.push(`${table.authority} = @authority`);
    params.authority = filter.authority;
    tokens.push(facetToken('a', filter.authority));
  }
  if (filter.dateFrom) {
    where.push(`${table.date} >= @dateFrom`);
    params.dateFrom = filter.dateFrom;
  }
  if (filter.dateTo) {
    where.push(`${table.date} <= @dateTo`);
    params.dateTo = filter.dateTo;
  }
}

/**
 * A keyword's candidates (its bigrams, or its credit code's token: the keyword comes normalized,
 * upper case), with the filters' tokens and the date range's keys, and the conditions on the row
 * that decide among them.
 */
function keywordWhere(table: Table, keyword: string, where: Where, filter: PublicitySearchFilter): KeywordWhere {
  const alone = `${gramQuery(keyword)} OR ${facetToken('h', keyword)}`;
  const keys: string[] = [];
  const params: Record<string, unknown> = {
    grams: where.tokens.length ? `(${alone}) AND ${where.tokens.join(' AND ')}` : alone,
    like: containsPattern(keyword),
    code: keyword,
  };
  const from = keyDay(filter.dateFrom);
  const to = keyDay(filter.dateTo);
  if (from !== undefined) {
    keys.push(`${table.name}_grams.rowid >= (@keyFrom << ${GRAM_KEY_ID_BITS})`);
    params.keyFrom = from;
  }
  if (to !== undefined) {
    keys.push(`${table.name}_grams.rowid < ((@keyTo + 1) << ${GRAM_KEY_ID_BITS})`);
    params.keyTo = to;
  }
  return {
    grams: [`${table.name}_grams MATCH @grams`, ...keys].join(' AND '),
    row: `(${table.name_} LIKE @like ESCAPE '\\' OR ${table.docNo} LIKE @like ESCAPE '\\' OR ${table.code} = @code)`,
    params,
  };
}

/**
 * The filtered double-disclosure searches (xygsList) and their CSV export. Only the filters that
 * are set become SQL conditions, so that SQLite picks the index that fits the combination
 * (migrations 031 and 034); statements are prepared once per combination. Penalties are always
 * limited to those in publicity (penaltyPublicizedSql), read on the row itself: a repaired, minor or
 * expired record is never found, from the statement that repairs it on.
 *
 * A keyword's matches are always the LIKE conditions' (name or document number anywhere, or the
 * credit code in full), in the same order. Its candidates come from the gram index (migrations 034
 * and 035) in the search's order, narrowed by the filters' tokens, the date range and, for a
 * penalty, the month of its publicity, and their rows are read in that order until cap + 1 match:
 * the page and the count come from that one list. A keyword's total is counted up to
 * PUBLICITY_SEARCH_COUNT_MAX (+ 1, to know that more match): an exact count of a keyword half the
 * records hold would read them all.
 */
export function createPublicitySearchRepository(db: Database) {
  const statements = new Map<string, Statement>();
  const prepared = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  const licenceWhere = (filter: LicenceSearchFilter): Where => {
    const where: string[] = [];
    const params: Record<string, unknown> = {};
    const tokens: string[] = [];
    sharedConditions(LICENCE, filter, where, params, tokens);
    if (filter.category) {
      where.push('XK_XKLB = @category');
      params.category = filter.category;
      tokens.push(facetToken('c', filter.category));
    }
    return { sql: where.length ? where.join(' AND ') : '1', params, from: 'licences', tokens };
  };

  const penaltyWhere = (filter: PenaltySearchFilter, today: string): Where => {
    const where: string[] = [penaltyPublicizedSql('@today')];
    const params: Record<string, unknown> = { today };
    // The month of `today` among the record's publicity months (migration 035).
    const tokens = keyDay(today) === undefined ? [] : [`g${today.slice(0, 4)}${today.slice(5, 7)}`];
    sharedConditions(PENALTY, filter, where, params, tokens);
    if (filter.kind) {
      // kind_bits (migration 031): one bit per kind of CF_CFLB, in PENALTY_KINDS order.
      const kind = PENALTY_KINDS.indexOf(filter.kind);
      where.push('kind_bits & @kindBit <> 0');
      params.kindBit = 1 << kind;
      tokens.push(`k${kind}`);
    }
    if (filter.severity) {
      where.push('severity = @severity');
      params.severity = filter.severity;
      tokens.push(facetToken('v', filter.severity));
    }
    if (filter.state) {
      where.push('CF_ZT = @state');
      params.state = filter.state;
      tokens.push(facetToken('z', filter.state));
    }
    // 031's partial indexes: SQLite would walk penalties_by_date for its order, reading the table
    // for each row it skips (without an authority, the oldest-first order and a date range's far
    // pages: 0.7 s at a million penalties; with one and a date range, every row of the range).
    const from = `penalties INDEXED BY ${filter.authority ? 'penalties_search_by_authority' : 'penalties_search_by_date'}`;
    return { sql: where.join(' AND '), params, from, tokens };
  };

  const order = (table: Table, sort: PublicitySort | undefined) => {
    const direction = sort === 'asc' ? 'ASC' : 'DESC';
    // Qualified: a bare id would name the result's id (CAST AS TEXT) and sort 1200 before 300.
    return `ORDER BY ${table.name}.${table.date} ${direction}, ${table.name}.id ${direction}`;
  };

  /**
   * The matches among a keyword's candidates, read in the gram index's key order (the search's:
   * decision date, id), `select` of each: the rows are read one by one up to the statement's LIMIT.
   */
  const byCandidates = (
    table: Table,
    where: Where,
    keyword: KeywordWhere,
    select: string,
    sort: PublicitySort | undefined,
  ) =>
    // CROSS JOIN: the gram index drives, in its order (no sort), and each candidate's row is read by its id.
    `SELECT ${select} FROM ${table.name}_grams CROSS JOIN ${table.name}
      ON ${table.name}.id = (${table.name}_grams.rowid & ${KEY_ID_MASK})
      WHERE ${keyword.grams} AND ${where.sql} AND ${keyword.row}
      ORDER BY ${table.name}_grams.rowid ${sort === 'asc' ? 'ASC' : 'DESC'}`;

  const page = <T>(
    table: Table,
    columns: string,
    where: Where,
    filter: PublicitySearchFilter,
    slice: Slice,
  ): SearchPage<T> => {
    const { sort, searchWord } = filter;
    if (!searchWord)
      return {
        rows: prepared(
          `SELECT ${columns} FROM ${where.from} WHERE ${where.sql} ${order(table, sort)} LIMIT @limit OFFSET @offset`,
        ).all({ ...where.params, limit: slice.limit, offset: slice.offset }) as T[],
        // Without a keyword the count comes from the filters' covering index alone.
        total: prepared(`SELECT COUNT(*) FROM ${where.from} WHERE ${where.sql}`).pluck().get(where.params) as number,
      };
    const cap = PUBLICITY_SEARCH_COUNT_MAX;
    // No match past the cap: the count says none, and reading to them would read row after row.
    const end = Math.min(slice.limit < 0 ? cap : slice.offset + slice.limit, cap);
    const keyword = keywordWhere(table, searchWord, where, filter);
    const params = { ...where.params, ...keyword.params };
    const rowsOf = (ids: number[]) =>
      ids.length
        ? (prepared(
            `SELECT ${columns} FROM ${table.name} WHERE ${table.name}.id IN (SELECT value FROM json_each(@ids)) ${order(table, sort)}`,
          ).all({ ids: JSON.stringify(ids) }) as T[])
        : [];
    // The candidates in order up to the cap: both the count and the page come from that list.
    const ids = prepared(`${byCandidates(table, where, keyword, `${table.name}.id`, sort)} LIMIT @limit`)
      .pluck()
      .all({ ...params, limit: cap + 1 }) as number[];
    return {
      rows: rowsOf(ids.slice(slice.offset, end)),
      total: Math.min(ids.length, cap),
      totalCapped: ids.length > cap,
    };
  };

  /** The first `limit` matches in order (the export): a keyword's from its candidates in order. */
  const rows = (table: Table, columns: string, where: Where, filter: PublicitySearchFilter, limit: number) => {
    const { sort, searchWord } = filter;
    const keyword = searchWord ? keywordWhere(table, searchWord, where, filter) : undefined;
    const sql = keyword
      ? byCandidates(table, where, keyword, columns, sort)
      : `SELECT ${columns} FROM ${where.from} WHERE ${where.sql} ${order(table, sort)}`;
    return prepared(`${sql} LIMIT @limit`).all({ ...where.params, ...keyword?.params, limit }) as Array<
      Record<string, string | number | null>
    >;
  };

  const asText = (row: Record<string, string | number | null>): ExportRecord =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null ? '' : String(value)]));

  return {
    /** Licences matching the filters, by decision date. */
    licences(filter: LicenceSearchFilter, slice: Slice): SearchPage<PermitSearchRow> {
      return page<PermitSearchRow>(
        LICENCE,
        'CAST(id AS TEXT) AS id, XK_WSH AS xK_WSH, XK_XDR_MC AS xK_XDR_MC, XK_JDRQ AS xK_JDRQ, XK_XKJG AS xK_XKJG',
        licenceWhere(filter),
        filter,
        slice,
      );
    },

    /** Penalties in publicity on `today` matching the filters, by decision date, with their state. */
    penalties(filter: PenaltySearchFilter, today: string, slice: Slice): SearchPage<PunishSearchRow> {
      return page<PunishSearchRow>(
        PENALTY,
        'CAST(id AS TEXT) AS id, CF_WSH AS cF_WSH, CF_XDR_MC AS cF_XDR_MC, CF_JDRQ AS cF_JDRQ, CF_CFJG AS cF_CFJG, CF_ZT AS cF_ZT',
        penaltyWhere(filter, today),
        filter,
        slice,
      );
    },

    /** The first `limit` matching licences with every XK_* field, as the open-data files have them. */
    licenceRecords(filter: LicenceSearchFilter, limit: number): ExportRecord[] {
      return rows(LICENCE, LICENCE_FIELDS.join(', '), licenceWhere(filter), filter, limit).map(asText);
    },

    /**
     * The first `limit` matching penalties in publicity with every CF_* field, as the open-data
     * files have them: a natural person's document number masked (first 6 + ****** + last 4).
     */
    penaltyRecords(filter: PenaltySearchFilter, today: string, limit: number): ExportRecord[] {
      return rows(
        PENALTY,
        `${PENALTY_FIELDS.join(', ')}, CF_XDR_ZJLX, CF_XDR_ZJHM`,
        penaltyWhere(filter, today),
        filter,
        limit,
      ).map((row) => {
        const number = typeof row.CF_XDR_ZJHM === 'string' ? row.CF_XDR_ZJHM : '';
        return asText({
          ...row,
          CF_XDR_ZJLX: number ? (row.CF_XDR_ZJLX ?? '') : '',
          CF_XDR_ZJHM: number ? maskIdNumber(number) : '',
        });
      });
    },
  };
}

export type PublicitySearchRepository = ReturnType<typeof createPublicitySearchRepository>;
