import type { Database, Statement } from 'better-sqlite3';
import {
  PENALTY_KINDS,
  maskIdNumber,
  type LicenceCategory,
  type PenaltyKind,
  type PermitSearchRow,
  type PublicitySort,
  type PunishSearchRow,
} from '@credit-portal/shared';
import { LICENCE_FIELDS, PENALTY_FIELDS } from '../db/columns.js';
import { containsPattern } from '../lib/sql.js';
import { penaltyPublicizedSql, type Page } from './publicity.js';

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
}

/** A slice of the matches: offset and limit (-1: all). */
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

/**
 * The FTS5 query of a keyword's candidates in a gram index (migration 034): the rows holding every
 * bigram of it (one character: the tokens it begins), or too long for the index (token x). A
 * superset of LIKE's matches; the search keeps the LIKE conditions on the rows.
 */
export function gramQuery(keyword: string): string {
  const chars = [...keyword];
  if (chars.length === 1) return `x OR "b${gramHex(keyword)}"*`;
  const grams = new Set(chars.slice(1).map((ch, i) => `"b${gramHex(chars[i]! + ch)}"`));
  return `x OR (${[...grams].join(' AND ')})`;
}

/** The conditions of the shared filters that are set, with their parameters. */
function sharedConditions(
  table: Table,
  filter: PublicitySearchFilter,
  where: string[],
  params: Record<string, unknown>,
) {
  if (filter.searchWord) {
    // Candidates from the gram index and the credit code's index; LIKE decides among them.
    where.push(
      `${table.name}.id IN (SELECT rowid FROM ${table.name}_grams WHERE ${table.name}_grams MATCH @grams
        UNION SELECT id FROM ${table.name} WHERE ${table.code} = @code)`,
      `(${table.name_} LIKE @like ESCAPE '\\' OR ${table.docNo} LIKE @like ESCAPE '\\' OR ${table.code} = @code)`,
    );
    params.grams = gramQuery(filter.searchWord);
    params.like = containsPattern(filter.searchWord);
    // A credit code also finds the records of its holder (the keyword comes normalized: upper case).
    params.code = filter.searchWord;
  }
  if (filter.authority) {
    where.push(`${table.authority} = @authority`);
    params.authority = filter.authority;
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
 * The filtered double-disclosure searches (xygsList) and their CSV export. Only the filters that
 * are set become SQL conditions, so that SQLite picks the index that fits the combination
 * (migrations 031 and 034); statements are prepared once per combination. A keyword's candidates
 * come from the gram indexes (migration 034) and the credit code's index, and LIKE decides among
 * them, so the results are the LIKE scan's. Penalties are always limited to those in publicity
 * (penaltyPublicizedSql), read on the row itself: a repaired, minor or expired record is never
 * found, from the statement that repairs it on.
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

  const licenceWhere = (filter: LicenceSearchFilter) => {
    const where: string[] = [];
    const params: Record<string, unknown> = {};
    sharedConditions(LICENCE, filter, where, params);
    if (filter.category) {
      where.push('XK_XKLB = @category');
      params.category = filter.category;
    }
    return { sql: where.length ? where.join(' AND ') : '1', params, from: 'licences' };
  };

  const penaltyWhere = (filter: PenaltySearchFilter, today: string) => {
    const where: string[] = [penaltyPublicizedSql('@today')];
    const params: Record<string, unknown> = { today };
    sharedConditions(PENALTY, filter, where, params);
    if (filter.kind) {
      // kind_bits (migration 031): one bit per kind of CF_CFLB, in PENALTY_KINDS order.
      where.push('kind_bits & @kindBit <> 0');
      params.kindBit = 1 << PENALTY_KINDS.indexOf(filter.kind);
    }
    if (filter.severity) {
      where.push('severity = @severity');
      params.severity = filter.severity;
    }
    if (filter.state) {
      where.push('CF_ZT = @state');
      params.state = filter.state;
    }
    // Without a keyword or an authority, the partial index of migration 031: SQLite would walk
    // penalties_by_date for its order, reading the table for each row it skips (the oldest-first
    // order and a date range's far pages: 0.7 s at a million penalties).
    const from = filter.searchWord || filter.authority ? 'penalties' : 'penalties INDEXED BY penalties_search_by_date';
    return { sql: where.join(' AND '), params, from };
  };

  const order = (table: Table, sort: PublicitySort | undefined) => {
    const direction = sort === 'asc' ? 'ASC' : 'DESC';
    // Qualified: a bare id would name the result's id (CAST AS TEXT) and sort 1200 before 300.
    return `ORDER BY ${table.name}.${table.date} ${direction}, ${table.name}.id ${direction}`;
  };

  const page = <T>(
    table: Table,
    columns: string,
    where: Where,
    sort: PublicitySort | undefined,
    slice: Slice,
    keyword: boolean,
  ): Page<T> => {
    if (keyword) {
      // A keyword's matches are read once, in order (each candidate is a row read), and both the
      // count and the page come from that list instead of two passes over the candidates.
      const ids = prepared(`SELECT ${table.name}.id FROM ${where.from} WHERE ${where.sql} ${order(table, sort)}`)
        .pluck()
        .all(where.params) as number[];
      const pageIds = slice.limit < 0 ? ids.slice(slice.offset) : ids.slice(slice.offset, slice.offset + slice.limit);
      return {
        rows: prepared(
          `SELECT ${columns} FROM ${table.name} WHERE ${table.name}.id IN (SELECT value FROM json_each(@ids)) ${order(table, sort)}`,
        ).all({ ids: JSON.stringify(pageIds) }) as T[],
        total: ids.length,
      };
    }
    return {
      rows: prepared(
        `SELECT ${columns} FROM ${where.from} WHERE ${where.sql} ${order(table, sort)} LIMIT @limit OFFSET @offset`,
      ).all({ ...where.params, limit: slice.limit, offset: slice.offset }) as T[],
      total: prepared(`SELECT COUNT(*) FROM ${where.from} WHERE ${where.sql}`).pluck().get(where.params) as number,
    };
  };

  const rows = (table: Table, columns: string, where: Where, sort: PublicitySort | undefined, limit: number) =>
    prepared(`SELECT ${columns} FROM ${where.from} WHERE ${where.sql} ${order(table, sort)} LIMIT @limit`).all({
      ...where.params,
      limit,
    }) as Array<Record<string, string | number | null>>;

  const asText = (row: Record<string, string | number | null>): ExportRecord =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null ? '' : String(value)]));

  return {
    /** Licences matching the filters, by decision date. */
    licences(filter: LicenceSearchFilter, slice: Slice): Page<PermitSearchRow> {
      return page<PermitSearchRow>(
        LICENCE,
        'CAST(id AS TEXT) AS id, XK_WSH AS xK_WSH, XK_XDR_MC AS xK_XDR_MC, XK_JDRQ AS xK_JDRQ, XK_XKJG AS xK_XKJG',
        licenceWhere(filter),
        filter.sort,
        slice,
        Boolean(filter.searchWord),
      );
    },

    /** Penalties in publicity on `today` matching the filters, by decision date, with their state. */
    penalties(filter: PenaltySearchFilter, today: string, slice: Slice): Page<PunishSearchRow> {
      return page<PunishSearchRow>(
        PENALTY,
        'CAST(id AS TEXT) AS id, CF_WSH AS cF_WSH, CF_XDR_MC AS cF_XDR_MC, CF_JDRQ AS cF_JDRQ, CF_CFJG AS cF_CFJG, CF_ZT AS cF_ZT',
        penaltyWhere(filter, today),
        filter.sort,
        slice,
        Boolean(filter.searchWord),
      );
    },

    /** The first `limit` matching licences with every XK_* field, as the open-data files have them. */
    licenceRecords(filter: LicenceSearchFilter, limit: number): ExportRecord[] {
      return rows(LICENCE, LICENCE_FIELDS.join(', '), licenceWhere(filter), filter.sort, limit).map(asText);
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
        filter.sort,
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
