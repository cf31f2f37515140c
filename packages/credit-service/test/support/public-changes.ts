import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { OpenDataChangeKind, OpenDataWithdrawalReason } from '@credit-portal/shared';

/*
 * Rows of the public-changes outbox written directly, as the service's writer writes them in the
 * transaction of each change: the feed, the manifests and the webhooks read them back.
 */

export interface PublicChangeFields {
  dataset: string;
  recordId: string | number;
  kind: OpenDataChangeKind;
  reason?: OpenDataWithdrawalReason;
  entityId?: string | number;
  /** ISO 8601; default now, with the centre's offset. */
  occurredAt?: string;
}

/** The centre's time (UTC+8) of a moment, as the outbox writes it: 2026-12-05T10:00:00.000+08:00. */
export const centreTime = (at: Date = new Date()): string =>
  `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 23)}+08:00`;

/** One change in the outbox; its seq and event id. */
export function publicChange(db: Database, fields: PublicChangeFields): { seq: number; eventId: string } {
  const eventId = randomUUID();
  const seq = Number(
    db
      .prepare(
        `INSERT INTO public_changes (event_id, dataset, record_id, entity_id, kind, reason, tags, occurred_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        eventId,
        fields.dataset,
        String(fields.recordId),
        fields.entityId === undefined ? null : String(fields.entityId),
        fields.kind,
        fields.reason ?? null,
        JSON.stringify([`${fields.dataset}:${fields.recordId}`]),
        fields.occurredAt ?? centreTime(),
      ).lastInsertRowid,
  );
  return { seq, eventId };
}
