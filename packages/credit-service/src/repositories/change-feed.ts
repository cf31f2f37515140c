import type { Database } from 'better-sqlite3';
import type { OpenDataChange, OpenDataChangeKind, OpenDataManifestChanges } from '@credit-portal/shared';

/*
 * The change feed's reads of the outbox (public_changes, written in the same transaction as each
 * change to what is public). Its seq is the order: SQLite has one writer at a time and AUTOINCREMENT
 * never reuses a number, so a change is visible only after every lower seq is — a reader that
 * resumes after the last seq it saw misses nothing and sees nothing twice.
 */

interface ChangeRow {
  seq: number;
  eventId: string;
  dataset: string;
  recordId: string;
  kind: OpenDataChangeKind;
  reason: string | null;
  occurredAt: string;
}

const COLUMNS = 'seq, event_id AS eventId, dataset, record_id AS recordId, kind, reason, occurred_at AS occurredAt';

/** A row of public_changes as the feed and the webhooks send it. */
export const changeOf = (row: ChangeRow): OpenDataChange => ({
  id: row.eventId,
  seq: row.seq,
  dataset: row.dataset,
  recordId: row.recordId,
  kind: row.kind,
  reason: row.kind === 'withdrawn' ? row.reason : null,
  occurredAt: row.occurredAt,
});

/** The reads of public_changes the feed, the daily manifest and the webhooks make. */
export function createChangeLog(db: Database) {
  const after = db.prepare(`SELECT ${COLUMNS} FROM public_changes WHERE seq > ? ORDER BY seq LIMIT ?`);
  const afterIn = db.prepare(
    `SELECT ${COLUMNS} FROM public_changes WHERE seq > ? AND dataset = ? ORDER BY seq LIMIT ?`,
  );
  const bySeq = db.prepare(`SELECT ${COLUMNS} FROM public_changes WHERE seq = ?`);
  const last = db.prepare('SELECT COALESCE(MAX(seq), 0) FROM public_changes').pluck();
  const withdrawal = db.prepare("SELECT 1 FROM public_changes WHERE seq > ? AND kind = 'withdrawn' LIMIT 1").pluck();
  const counts = db.prepare('SELECT kind, COUNT(*) AS n FROM public_changes WHERE seq BETWEEN ? AND ? GROUP BY kind');
  return {
    /** Up to `limit` changes after `seq`, in order; of one dataset when given. */
    after(seq: number, limit: number, dataset?: string): OpenDataChange[] {
      const rows = (dataset === undefined ? after.all(seq, limit) : afterIn.all(seq, dataset, limit)) as ChangeRow[];
      return rows.map(changeOf);
    },
    /** The change `seq`, or null. */
    get(seq: number): OpenDataChange | null {
      const row = bySeq.get(seq) as ChangeRow | undefined;
      return row ? changeOf(row) : null;
    },
    /** The last seq written (0: none). */
    lastSeq: (): number => last.get() as number,
    /** True when a record was withdrawn after `seq`. */
    withdrawnAfter: (seq: number): boolean => withdrawal.get(seq) !== undefined,
    /** The changes from `fromSeq` to `toSeq`, counted by kind (a manifest's). */
    summary(fromSeq: number, toSeq: number): OpenDataManifestChanges {
      const summary = { fromSeq, toSeq, added: 0, updated: 0, withdrawn: 0 };
      for (const { kind, n } of counts.all(fromSeq, toSeq) as Array<{ kind: OpenDataChangeKind; n: number }>) {
        summary[kind] = n;
      }
      return summary;
    },
  };
}

export type ChangeLog = ReturnType<typeof createChangeLog>;
