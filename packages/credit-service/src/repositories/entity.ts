import type { Database } from 'better-sqlite3';
import { ENTITY_SEARCH_LIMIT, looksLikeCreditCode, type EntitySearchResult } from '@credit-portal/shared';
import { containsPattern } from '../lib/sql.js';

const COLUMNS = `CAST(e.id AS TEXT) AS ID, e.name AS EntName, e.status AS Status, e.credit_code AS CreditCode,
  e.ent_type AS EntType, e.setup_date AS SetUpDate`;

/** Shortest keyword the trigram index can answer; two-character ones go to the bigram index. */
export const TRIGRAM_MIN_CHARS = 3;

/** Keyword length the bigram index answers (migration 13); single characters fall back to a bounded scan. */
export const BIGRAM_CHARS = 2;

/** A keyword that may be the start of a credit code (digits and code letters only). */
const CODE_PREFIX = /^[0-9A-HJ-NPQRTUWXY]{6,17}$/;

/** An FTS5 phrase: the keyword in double quotes, inner quotes doubled, so no character is an operator. */
const ftsPhrase = (keyword: string): string => `"${keyword.replaceAll('"', '""')}"`;

/**
 * Entity search by name substring or credit code, built to stay fast at a million entities:
 * - a code-shaped keyword: exact lookup on the UNIQUE credit_code index (a wrong check digit
 *   is searched all the same; real codes exist that fail it);
 * - 6–17 code characters: a prefix range on the same index;
 * - names, 3+ characters: the trigram FTS5 index (substring match), first `limit` hits;
 * - names, 2 characters: the bigram index, the first `limit` entity ids holding that bigram
 *   (ASCII case folded, as LIKE does) — the same rows the LIKE scan used to find, in one range read;
 * - names, 1 character: a LIKE scan that stops at `limit` hits.
 * Code hits come first; name hits are ordered exact name, then names starting with the
 * keyword, then the rest, each by id.
 */
export function createEntityRepository(db: Database) {
  const byCode = db.prepare(`SELECT ${COLUMNS} FROM entities e WHERE e.credit_code = ?`);
  const byCodePrefix = db.prepare(
    `SELECT ${COLUMNS} FROM entities e WHERE e.credit_code >= ? AND e.credit_code < ? ORDER BY e.credit_code LIMIT ?`,
  );
  const byTrigram = db.prepare(
    `SELECT ${COLUMNS} FROM entities e
     WHERE e.id IN (SELECT rowid FROM entities_fts WHERE entities_fts MATCH ? LIMIT ?)`,
  );
  const byBigram = db.prepare(
    `SELECT ${COLUMNS} FROM entities e
     WHERE e.id IN (SELECT entity_id FROM entity_bigrams WHERE gram = lower(?) ORDER BY entity_id LIMIT ?)`,
  );
  const byLike = db.prepare(`SELECT ${COLUMNS} FROM entities e WHERE e.name LIKE ? ESCAPE '\\' LIMIT ?`);

  const rank = (keyword: string, row: EntitySearchResult): number =>
    row.EntName === keyword ? 0 : row.EntName.startsWith(keyword) ? 1 : 2;

  return {
    /** Entities matching an already normalized, non-empty keyword; at most `limit` of them. */
    search(keyword: string, limit: number = ENTITY_SEARCH_LIMIT): EntitySearchResult[] {
      const found = new Map<string, EntitySearchResult>();
      const add = (rows: EntitySearchResult[]) => {
        for (const row of rows) if (found.size < limit && !found.has(row.ID)) found.set(row.ID, row);
      };
      if (looksLikeCreditCode(keyword)) {
        add(byCode.all(keyword) as EntitySearchResult[]);
      } else if (CODE_PREFIX.test(keyword.toUpperCase())) {
        // The upper bound: the prefix followed by a character above every code character.
        const prefix = keyword.toUpperCase();
        add(byCodePrefix.all(prefix, `${prefix}~`, limit) as EntitySearchResult[]);
      }
      if (found.size < limit) {
        const chars = Array.from(keyword).length;
        const rows = (
          chars >= TRIGRAM_MIN_CHARS
            ? byTrigram.all(ftsPhrase(keyword), limit)
            : chars === BIGRAM_CHARS
              ? byBigram.all(keyword, limit)
              : byLike.all(containsPattern(keyword), limit)
        ) as EntitySearchResult[];
        rows.sort((a, b) => rank(keyword, a) - rank(keyword, b) || Number(a.ID) - Number(b.ID));
        add(rows);
      }
      return [...found.values()];
    },
  };
}

export type EntityRepository = ReturnType<typeof createEntityRepository>;
