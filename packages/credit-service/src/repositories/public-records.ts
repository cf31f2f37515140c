import type { Database } from 'better-sqlite3';
import { OPEN_DATA_CATALOGUE_TAG, openDatasetTag, PENALTY_LIST_TAG, penaltyTag } from '@credit-portal/shared';
import { dayNumber, formatDay } from '../lib/dates.js';
import { recordPublicChange, type PublicChangeKind, type PublicWithdrawalReason } from './public-changes.js';
import { penaltyPublicizedSql } from './publicity.js';

/*
 * The public changes of the records themselves: which gateway tags a change of a penalty or of a
 * red/black list entry makes stale, the events the reviews write beside their change, and the
 * withdrawals of the records whose publicity period ended (公示期满), each recorded once.
 */

/** A penalty's change: every penalty list, its details, the penalties' open dataset and the catalogue of its files. */
export const penaltyChangeTags = (id: number | string): string[] => [
  PENALTY_LIST_TAG,
  penaltyTag(id),
  openDatasetTag('xzcf'),
  OPEN_DATA_CATALOGUE_TAG,
];

/** A red/black list entry's change: the lists and details are behind login (never cached), the open dataset is. */
export const listEntryChangeTags = (): string[] => [openDatasetTag('hhmd'), OPEN_DATA_CATALOGUE_TAG];

/** The mark of the day through which ended publicity has been recorded (public_change_marks, migration 28). */
const EXPIRED_THROUGH = 'expired-through';

/**
 * Records a change of a penalty that is (or, for a withdrawal, was until this change) in
 * publicity on `today`; a change of one that is not public (minor, repaired, past its deadline)
 * changes nothing public and records nothing. Call it inside the change's transaction, after the
 * change for updates and before it for withdrawals.
 */
export function recordPenaltyChange(
  db: Database,
  penaltyId: number,
  today: string,
  change: { kind: Exclude<PublicChangeKind, 'withdrawn'> } | { kind: 'withdrawn'; reason: PublicWithdrawalReason },
): boolean {
  const row = db
    .prepare(`SELECT entity_id AS entityId FROM penalties WHERE id = @id AND ${penaltyPublicizedSql('@today')}`)
    .get({ id: penaltyId, today }) as { entityId: number | null } | undefined;
  if (!row) return false;
  recordPublicChange(db, {
    dataset: 'xzcf',
    recordId: String(penaltyId),
    entityId: row.entityId === null ? null : String(row.entityId),
    kind: change.kind,
    reason: change.kind === 'withdrawn' ? change.reason : null,
    tags: penaltyChangeTags(penaltyId),
  });
  return true;
}

/**
 * Records the withdrawal (公示期满) of every record whose publicity ended by `today` since the
 * last run: penalties whose deadline CF_GSJZQ and red/black entries whose valid_until fell on a
 * day from the mark through yesterday. One transaction with the mark, so that a crash records
 * nothing and a restart nothing twice. The first run only sets the mark: what ended before the
 * outbox existed is no news. Answers how many withdrawals were recorded.
 */
export function recordExpiries(db: Database, today: string): number {
  return db.transaction(() => {
    const from = db.prepare('SELECT value FROM public_change_marks WHERE name = ?').pluck().get(EXPIRED_THROUGH) as
      string | undefined;
    const setMark = db.prepare(
      'INSERT INTO public_change_marks (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
    );
    if (from === undefined || from >= today) {
      if (from === undefined) setMark.run(EXPIRED_THROUGH, today);
      return 0;
    }
    const yesterday = formatDay(dayNumber(today) - 1);
    // In publicity on its last day (not minor, not repaired), and not withdrawn for another reason since.
    const penalties = db
      .prepare(
        `SELECT p.id, p.entity_id AS entityId FROM penalties p
         WHERE p.CF_GSJZQ >= @from AND p.CF_GSJZQ <= @yesterday AND p.severity <> '轻微' AND p.repaired_on IS NULL
           AND NOT EXISTS (SELECT 1 FROM public_changes c WHERE c.dataset = 'xzcf'
             AND c.record_id = CAST(p.id AS TEXT) AND c.kind = 'withdrawn')
         ORDER BY p.CF_GSJZQ, p.id`,
      )
      .all({ from, yesterday }) as { id: number; entityId: number | null }[];
    const entries = db
      .prepare(
        `SELECT r.id, r.entity_id AS entityId FROM red_black_list r
         WHERE r.valid_until >= @from AND r.valid_until <= @yesterday
           AND NOT EXISTS (SELECT 1 FROM public_changes c WHERE c.dataset = 'hhmd'
             AND c.record_id = CAST(r.id AS TEXT) AND c.kind = 'withdrawn')
         ORDER BY r.valid_until, r.id`,
      )
      .all({ from, yesterday }) as { id: number; entityId: number | null }[];
    for (const penalty of penalties) {
      recordPublicChange(db, {
        dataset: 'xzcf',
        recordId: String(penalty.id),
        entityId: penalty.entityId === null ? null : String(penalty.entityId),
        kind: 'withdrawn',
        reason: '公示期满',
        tags: penaltyChangeTags(penalty.id),
      });
    }
    for (const entry of entries) {
      recordPublicChange(db, {
        dataset: 'hhmd',
        recordId: String(entry.id),
        entityId: entry.entityId === null ? null : String(entry.entityId),
        kind: 'withdrawn',
        reason: '公示期满',
        tags: listEntryChangeTags(),
      });
    }
    setMark.run(EXPIRED_THROUGH, today);
    return penalties.length + entries.length;
  })();
}
