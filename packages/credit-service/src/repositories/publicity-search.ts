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
}

/**
 * A keyword's conditions: its candidates (the gram index and the credit code's index, a superset of
 * its matches) and the LIKE conditions on the row that decide among them.
 */
interface KeywordWhere {
  candidates: string;
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

/** The conditions of the shared filters other than the keyword that are set, with their parameters. */
function sharedConditions(
  table: Table,
  filter: PublicitySearchFilter,
  where: string[],
  params: Record<string, unknown>,
) {
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

/** A keyword's candidates and the conditions on the row that decide among them. */
const keywordWhere = (table: Table, keyword: string): KeywordWhere => ({
  candidates: `${table.name}.id IN (SELECT rowid FROM ${table.name}_grams WHERE ${table.name}_grams MATCH @grams
    UNION SELECT id FROM ${table.name} WHERE ${table.code} = @code)`,
  row: `(${table.name_} LIKE @like ESCAPE '\\' OR ${table.docNo} LIKE @like ESCAPE '\\' OR ${table.code} = @code)`,
  // A credit code also finds the records of its holder (the keyword comes normalized: upper case).
  params: { grams: gramQuery(keyword), like: containsPattern(keyword), code: keyword },
});

/**
 * How many times a candidate read by the gram path (in id order, then sorted) a row read walking
 * the date-ordered index costs (in date order, scattered over the table). Measured at a million
 * licences (bench/publicity's database): 1.4–3.3 µs a candidate, 0.9–5 µs a walked row.
 */
const WALK_ROW_COST = 2;

/**
 * How far the plan counts a keyword's candidates (10 % of a million rows: 5–15 ms in the gram
 * index). A keyword with more is walked for: about ten rows read per match, where the gram path
 * would gather, read and sort all of them.
 */
const ESTIMATE_LIMIT = 100_000;

/** The walk's budget (KeywordPlan): this many times the rows it should read, and at least so many. */
const WALK_BUDGET_FACTOR = 4;
const WALK_BUDGET_MIN = 1_000;

/** Candidates the gram path reads without weighing the walk: at most 5–15 ms of row reads. */
const GRAMS_ALWAYS = 5_000;

/** How a keyword search runs: its page, and its count up to the cap. */
interface KeywordPlan {
  /** The page walks the date-ordered index with the LIKE conditions on each row (else: the candidates). */
  walkPage: boolean;
  /** The count reads the rows of the other filters (else: the candidates). */
  walkCount: boolean;
  /**
   * Rows the page's walk reads before it gives up (a keyword whose records bunch up in the order,
   * as a year in the document numbers does, and do not come first): a few times what it should
   * need. Then the index is walked again, reading only the candidates' rows.
   */
  budget: number;
}

/**
 * The filtered double-disclosure searches (xygsList) and their CSV export. Only the filters that
 * are set become SQL conditions, so that SQLite picks the index that fits the combination
 * (migrations 031 and 034); statements are prepared once per combination. Penalties are always
 * limited to those in publicity (penaltyPublicizedSql), read on the row itself: a repaired, minor or
 * expired record is never found, from the statement that repairs it on.
 *
 * A keyword's matches are always the LIKE conditions' (name or document number anywhere, or the
 * credit code in full), in the same order; two plans find them, chosen per query from cheap
 * estimates (keywordPlan): a rare keyword's candidates come from the gram indexes (migration 034)
 * and the credit code's index and are read and sorted; a keyword most records hold is found by
 * walking the same ordered index as a search without one, with LIKE on each row, until the page is
 * full. A keyword's total is counted up to PUBLICITY_SEARCH_COUNT_MAX (+ 1, to know that more
 * match): an exact count of a keyword half the records hold would read them all.
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
    sharedConditions(LICENCE, filter, where, params);
    if (filter.category) {
      where.push('XK_XKLB = @category');
      params.category = filter.category;
    }
    return { sql: where.length ? where.join(' AND ') : '1', params, from: 'licences' };
  };

  const penaltyWhere = (filter: PenaltySearchFilter, today: string): Where => {
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
    // Without an authority, the partial index of migration 031: SQLite would walk
    // penalties_by_date for its order, reading the table for each row it skips (the oldest-first
    // order and a date range's far pages: 0.7 s at a million penalties).
    const from = filter.authority ? 'penalties' : 'penalties INDEXED BY penalties_search_by_date';
    return { sql: where.join(' AND '), params, from };
  };

  const order = (table: Table, sort: PublicitySort | undefined) => {
    const direction = sort === 'asc' ? 'ASC' : 'DESC';
    // Qualified: a bare id would name the result's id (CAST AS TEXT) and sort 1200 before 300.
    return `ORDER BY ${table.name}.${table.date} ${direction}, ${table.name}.id ${direction}`;
  };

  /** The filters' rows found by the candidates: the gram path's conditions. */
  const byCandidates = (table: Table, where: Where, keyword: KeywordWhere): Where => ({
    sql: `${keyword.candidates} AND ${where.sql} AND ${keyword.row}`,
    params: { ...where.params, ...keyword.params },
    from: table.name,
  });

  /** The filters' rows walked in the index's order, LIKE deciding on each row. */
  const byWalk = (where: Where, keyword: KeywordWhere): Where => ({
    sql: `${where.sql} AND ${keyword.row}`,
    params: { ...where.params, ...keyword.params },
    from: where.from,
  });

  /** Up to `limit` rows of `where`, counted without sorting. */
  const countUpTo = (where: Where, limit: number): number =>
    prepared(`SELECT count(*) FROM (SELECT 1 FROM ${where.from} WHERE ${where.sql} LIMIT @countLimit)`)
      .pluck()
      .get({ ...where.params, countLimit: limit }) as number;

  /**
   * The cheaper plan for a keyword search wanting its first `want` matches in order, from
   * estimates that read no table row: the keyword's candidates (counted in the gram index, up to
   * ESTIMATE_LIMIT), the rows of the other filters (counted in their index, just past the
   * candidates) and the table's size. Walking reads about want · size / candidates rows (the
   * keyword's share of rows taken as the same among the filters' rows), or all the filters' rows if
   * fewer; the gram path reads every candidate, and WALK_ROW_COST weighs the two (measured at a
   * million rows each: the walk wins from about 4,500 candidates for page 1 and 20,000 for page
   * 20). The capped count reads, from whichever side is smaller, until cap + 1 matches.
   */
  const keywordPlan = (table: Table, where: Where, keyword: KeywordWhere, want: number): KeywordPlan => {
    const candidates = prepared(
      `SELECT count(*) FROM (SELECT rowid FROM ${table.name}_grams WHERE ${table.name}_grams MATCH @grams LIMIT @countLimit)`,
    )
      .pluck()
      .get({ grams: keyword.params.grams, countLimit: ESTIMATE_LIMIT }) as number;
    // So few that reading them all costs less than estimating anything more.
    if (candidates <= GRAMS_ALWAYS) return { walkPage: false, walkCount: false, budget: 0 };
    const size = (prepared(`SELECT max(id) FROM ${table.name}`).pluck().get() as number | null) ?? 0;
    const budget = Math.max(WALK_BUDGET_MIN, Math.ceil((WALK_BUDGET_FACTOR * want * size) / candidates));
    // The gram path gathers every candidate (the IN list) before reading one: past the limit, walk.
    if (candidates >= ESTIMATE_LIMIT) return { walkPage: true, walkCount: true, budget };
    // The filters' rows weigh only against the candidates: counted no further than just past them.
    const rows = where.sql === '1' ? size : countUpTo(where, candidates + 1);
    return {
      walkPage: WALK_ROW_COST * Math.min(rows, (want * size) / candidates) < candidates,
      // Counting needs no order: it reads the smaller side (the matches' share of each taken as
      // the same, reading the smaller set to cap + 1 matches reads fewer rows). Without filters
      // the walk is a scan in id order, cheaper than gathering a long candidate list.
      walkCount:
        rows <= candidates ||
        (where.sql === '1' && ((PUBLICITY_SEARCH_COUNT_MAX + 1) * size) / candidates <= candidates),
      budget,
    };
  };

  const page = <T>(
    table: Table,
    columns: string,
    where: Where,
    sort: PublicitySort | undefined,
    slice: Slice,
    searchWord: string | undefined,
  ): SearchPage<T> => {
    const rowsOf = (found: Where, offset: number, limit: number) =>
      prepared(
        `SELECT ${columns} FROM ${found.from} WHERE ${found.sql} ${order(table, sort)} LIMIT @limit OFFSET @offset`,
      ).all({ ...found.params, limit, offset }) as T[];
    if (!searchWord)
      return {
        rows: rowsOf(where, slice.offset, slice.limit),
        // Without a keyword the count comes from the filters' covering index alone.
        total: prepared(`SELECT COUNT(*) FROM ${where.from} WHERE ${where.sql}`).pluck().get(where.params) as number,
      };
    const cap = PUBLICITY_SEARCH_COUNT_MAX;
    // No match past the cap: the count says none, and walking to them would read row after row.
    const end = Math.min(slice.limit < 0 ? cap : slice.offset + slice.limit, cap);
    const keyword = keywordWhere(table, searchWord);
    const plan = keywordPlan(table, where, keyword, end);
    if (plan.walkPage) {
      const found = byWalk(where, keyword);
      const matches = countUpTo(
        plan.walkCount ? found : { ...byCandidates(table, where, keyword), from: `${table.name} NOT INDEXED` },
        cap + 1,
      );
      const limit = Math.min(end, matches) - slice.offset;
      let rows: T[] = [];
      if (limit > 0) {
        // The first `budget` rows in order hold the page's matches, if it fills from them.
        // A co-routine in the index's order: the join keeps it (no sort) and stops at the page's end.
        const direction = sort === 'asc' ? 'ASC' : 'DESC';
        rows = prepared(
          `SELECT ${columns} FROM (SELECT ${table.name}.id AS walked, ${table.name}.${table.date} AS walkedOn
              FROM ${where.from} WHERE ${where.sql} ${order(table, sort)} LIMIT @budget) AS w
            JOIN ${table.name} ON ${table.name}.id = w.walked WHERE ${keyword.row}
            ORDER BY w.walkedOn ${direction}, w.walked ${direction} LIMIT @limit OFFSET @offset`,
        ).all({ ...found.params, budget: plan.budget, limit, offset: slice.offset }) as T[];
        // Otherwise the same walk tests each row's id against the candidates (a Bloom filter and
        // their list, no row read) and reads the rows of candidates only.
        if (rows.length < limit)
          rows = rowsOf(
            {
              sql: `${where.sql} AND +${keyword.candidates} AND ${keyword.row}`,
              params: found.params,
              from: where.from,
            },
            slice.offset,
            limit,
          );
      }
      return { rows, total: Math.min(matches, cap), totalCapped: matches > cap };
    }
    // Few candidates: each is read once, in order, and both the count and the page come from that list.
    const found = byCandidates(table, where, keyword);
    const ids = prepared(`SELECT ${table.name}.id FROM ${found.from} WHERE ${found.sql} ${order(table, sort)}`)
      .pluck()
      .all(found.params) as number[];
    const pageIds = ids.slice(slice.offset, end);
    return {
      rows: pageIds.length
        ? (prepared(
            `SELECT ${columns} FROM ${table.name} WHERE ${table.name}.id IN (SELECT value FROM json_each(@ids)) ${order(table, sort)}`,
          ).all({ ids: JSON.stringify(pageIds) }) as T[])
        : [],
      total: Math.min(ids.length, cap),
      totalCapped: ids.length > cap,
    };
  };

  /** The first `limit` matches in order (the export), by the cheaper plan for a keyword. */
  const rows = (
    table: Table,
    columns: string,
    where: Where,
    sort: PublicitySort | undefined,
    limit: number,
    searchWord: string | undefined,
  ) => {
    let found = where;
    if (searchWord) {
      const keyword = keywordWhere(table, searchWord);
      found = keywordPlan(table, where, keyword, limit).walkPage
        ? byWalk(where, keyword)
        : byCandidates(table, where, keyword);
    }
    return prepared(`SELECT ${columns} FROM ${found.from} WHERE ${found.sql} ${order(table, sort)} LIMIT @limit`).all({
      ...found.params,
      limit,
    }) as Array<Record<string, string | number | null>>;
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
        filter.sort,
        slice,
        filter.searchWord,
      );
    },

    /** Penalties in publicity on `today` matching the filters, by decision date, with their state. */
    penalties(filter: PenaltySearchFilter, today: string, slice: Slice): SearchPage<PunishSearchRow> {
      return page<PunishSearchRow>(
        PENALTY,
        'CAST(id AS TEXT) AS id, CF_WSH AS cF_WSH, CF_XDR_MC AS cF_XDR_MC, CF_JDRQ AS cF_JDRQ, CF_CFJG AS cF_CFJG, CF_ZT AS cF_ZT',
        penaltyWhere(filter, today),
        filter.sort,
        slice,
        filter.searchWord,
      );
    },

    /** The first `limit` matching licences with every XK_* field, as the open-data files have them. */
    licenceRecords(filter: LicenceSearchFilter, limit: number): ExportRecord[] {
      return rows(LICENCE, LICENCE_FIELDS.join(', '), licenceWhere(filter), filter.sort, limit, filter.searchWord).map(
        asText,
      );
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
        filter.searchWord,
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
