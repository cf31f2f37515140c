import type { Database } from 'better-sqlite3';
import { HETAO_LABELS, SOLE_PROPRIETOR_MARK, type HetaoLabel } from '@credit-portal/shared';
import { Random, mixSeed } from '../../lib/random.js';
import { dayNumber, formatDay, withTime } from '../../lib/dates.js';

/*
 * 信用河套 (migration 9): the member enterprises of the Hetao cooperation zone's credit list,
 * drawn from the data set's seed over the entities it already has (companies in business, no sole
 * proprietors), with every date counted back from `asOf` — the day the rows are written (tests pin
 * it). The same seed and asOf always give the same rows.
 */

/** Member enterprises: enough for several pages of 10. */
export const HETAO_MEMBER_COUNT = 60;

/** Who publishes the list. */
export const HETAO_SOURCE_UNIT = '深港科技创新合作区深圳园区发展署';

const SALT = 0x4e7a;

interface Candidate {
  id: number;
  setupDate: string;
}

/** Writes the member list when it is still empty; returns how many rows were written. The caller decides the transaction. */
export function writeHetaoSeed(db: Database, seed: number, asOf: string): number {
  if (db.prepare('SELECT EXISTS (SELECT 1 FROM hetao_members)').pluck().get() === 1) return 0;
  const candidates = db
    .prepare(
      `SELECT id, setup_date AS setupDate FROM entities
       WHERE status = '存续' AND instr(ent_type, ?) = 0 AND setup_date <= ? ORDER BY id`,
    )
    .all(SOLE_PROPRIETOR_MARK, asOf) as Candidate[];
  const asOfDay = dayNumber(asOf);
  const random = new Random(mixSeed(seed, SALT));
  const insert = db.prepare(
    'INSERT INTO hetao_members (entity_id, labels, joined_on, source_unit, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  let written = 0;
  for (const entity of random.sample(candidates, HETAO_MEMBER_COUNT)) {
    // Joined within the last three years, never before the entity was set up.
    const earliest = Math.max(asOfDay - 3 * 365, dayNumber(entity.setupDate));
    const joined = formatDay(earliest + random.int(asOfDay - earliest + 1));
    const count = random.weighted<number>([
      [1, 4],
      [2, 4],
      [3, 2],
    ]);
    const picked = new Set<HetaoLabel>(random.sample(HETAO_LABELS, count));
    const labels = HETAO_LABELS.filter((label) => picked.has(label));
    const updated = withTime(
      formatDay(Math.min(asOfDay, dayNumber(joined) + random.int(6))),
      random.between(8 * 3600, 18 * 3600),
    );
    insert.run(entity.id, JSON.stringify(labels), joined, HETAO_SOURCE_UNIT, updated);
    written++;
  }
  return written;
}

/**
 * Fills the member list of a database (new, or migrated to version 9 with the table empty) with
 * the data set's rows, dated back from `asOf`; returns how many were written.
 */
export function ensureHetaoSeed(db: Database, asOf: string): number {
  const seed = db.prepare('SELECT seed FROM dataset WHERE id = 1').pluck().get() as number | undefined;
  if (seed === undefined) throw new Error('ensureHetaoSeed: the database holds no data set');
  return db.transaction(() => writeHetaoSeed(db, seed, asOf))();
}
