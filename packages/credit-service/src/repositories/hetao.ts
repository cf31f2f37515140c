import type { Database } from 'better-sqlite3';
import { normalizeKeyword, type HetaoPage, type HetaoRow } from '@credit-portal/shared';
import { containsPattern, rowId } from '../lib/sql.js';

/** One page of the member list: the 1-based page is turned into an offset by the caller. */
export interface HetaoFilter {
  keyword?: string;
  offset: number;
  limit: number;
}

type StoredRow = Omit<HetaoRow, 'Labels'> & { Labels: string };

const parseLabels = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

/**
 * 信用河套: the member enterprises of the Hetao cooperation zone's credit list, newest joined
 * first, with the entity's registration facts. Keywords match the name or the credit code
 * literally (LIKE with %, _ and \ escaped), as typed and normalized (half-width; credit codes
 * upper-cased).
 */
export function createHetaoRepository(db: Database) {
  const match = (p: string) => `(e.name LIKE @${p} ESCAPE '\\' OR e.credit_code LIKE @${p} ESCAPE '\\')`;
  const where = `(@a IS NULL OR ${match('a')} OR (@b IS NOT NULL AND ${match('b')}))`;
  const from = 'hetao_members m JOIN entities e ON e.id = m.entity_id';
  const count = db.prepare(`SELECT COUNT(*) FROM ${from} WHERE ${where}`).pluck();
  const rows = db.prepare(
    `SELECT CAST(e.id AS TEXT) AS id, e.name AS EntName, e.credit_code AS CreditCode, e.ent_type AS EntType,
       e.legal_rep AS LegalRep, e.setup_date AS SetUpDate, e.address AS Address, m.labels AS Labels,
       m.joined_on AS JoinedOn, m.source_unit AS SourceUnit, m.updated_at AS UpdateTime
     FROM ${from} WHERE ${where}
     ORDER BY m.joined_on DESC, m.entity_id DESC LIMIT @limit OFFSET @offset`,
  );
  const membership = db.prepare(
    'SELECT m.labels FROM entities e LEFT JOIN hetao_members m ON m.entity_id = e.id WHERE e.id = ?',
  );

  /** The entity's labels JSON: undefined for an unknown entity, null outside the zone. */
  function labelsOf(id: string): string | null | undefined {
    const key = rowId(id);
    if (key === null) return undefined;
    const row = membership.get(key) as { labels: string | null } | undefined;
    return row === undefined ? undefined : row.labels;
  }

  return {
    /** A page of members: keyword on the name or the credit code; empty lists all. */
    list(filter: HetaoFilter): HetaoPage {
      const raw = (filter.keyword ?? '').trim();
      const normalized = raw ? normalizeKeyword(raw) : '';
      const params = { a: raw ? containsPattern(raw) : null, b: normalized ? containsPattern(normalized) : null };
      const list = (rows.all({ ...params, limit: filter.limit, offset: filter.offset }) as StoredRow[]).map((row) => ({
        ...row,
        Labels: parseLabels(row.Labels),
      }));
      return { list, totalCount: count.get(params) as number };
    },
    /** Whether the entity is a member; undefined for an unknown entity. */
    isMember(id: string): boolean | undefined {
      const labels = labelsOf(id);
      return labels === undefined ? undefined : labels !== null;
    },
    /** The entity's labels ([] outside the zone); undefined for an unknown entity. */
    labels(id: string): string[] | undefined {
      const labels = labelsOf(id);
      return labels === undefined ? undefined : labels === null ? [] : parseLabels(labels);
    },
  };
}
