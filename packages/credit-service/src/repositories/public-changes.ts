import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { OpenDatasetId } from '@credit-portal/shared';

/*
 * The outbox of changes to what is public (migration 26): one row per change, written by the
 * caller inside the same db.transaction as the change itself, so a change that rolls back leaves
 * no event and a committed one always has exactly one. Readers (the gateways' cache purges, the
 * change feed, the webhooks) follow it by seq.
 */

export type PublicChangeKind = 'added' | 'updated' | 'withdrawn';

/** Why a record stopped being public. */
export type PublicWithdrawalReason = '已修复' | '公示期满' | '异议更正' | '撤销';

export interface PublicChange {
  dataset: OpenDatasetId;
  /** The record's stable id within its dataset. */
  recordId: string;
  entityId?: string | null;
  kind: PublicChangeKind;
  /** Only for withdrawn. */
  reason?: PublicWithdrawalReason | null;
  /** The gateway cache tags the change makes stale. */
  tags: readonly string[];
}

const CENTRE_OFFSET_MS = 8 * 3_600_000;

/** A moment as ISO 8601 in the centre's zone (UTC+8, no daylight saving), e.g. 2026-12-05T10:00:00.000+08:00. */
export function centreIsoTime(date: Date = new Date()): string {
  return `${new Date(date.getTime() + CENTRE_OFFSET_MS).toISOString().slice(0, 23)}+08:00`;
}

/** Records one change; call it inside the transaction that makes the change. */
export function recordPublicChange(db: Database, change: PublicChange): { seq: number; eventId: string } {
  // Outside a transaction the event could commit without its change, or the change without it.
  if (!db.inTransaction) throw new Error('recordPublicChange runs inside the transaction of the change');
  if ((change.kind === 'withdrawn') !== (change.reason != null)) {
    throw new Error(`public change ${change.dataset}/${change.recordId}: a reason goes with withdrawn only`);
  }
  const eventId = randomUUID();
  const result = db
    .prepare(
      `INSERT INTO public_changes (event_id, dataset, record_id, entity_id, kind, reason, tags, occurred_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      eventId,
      change.dataset,
      change.recordId,
      change.entityId ?? null,
      change.kind,
      change.reason ?? null,
      JSON.stringify([...new Set(change.tags)]),
      centreIsoTime(),
    );
  return { seq: Number(result.lastInsertRowid), eventId };
}
