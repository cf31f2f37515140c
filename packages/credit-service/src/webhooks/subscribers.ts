import type { Database } from 'better-sqlite3';
import { OPEN_DATASET_IDS } from '@credit-portal/shared';
import { openSecret, sealSecret } from './secrets.js';
import type { WebhookAlgorithm } from './signature.js';

/*
 * The webhook subscribers (reusers the centre registered) and the deliveries of the outbox's
 * changes to them, in the tables of migration 27: every state change is a row written before the
 * next step, so a restart resumes where the worker stopped (an attempt in flight at a crash is
 * made again: at least once).
 */

export interface Subscriber {
  id: number;
  name: string;
  url: string;
  algorithm: WebhookAlgorithm;
  datasets: string[];
  createdAt: string;
}

export interface SubscriberSummary extends Subscriber {
  pending: number;
  delivered: number;
  dead: number;
}

/** A delivery due now: the subscriber, the change's seq and record, its attempts so far. */
export interface DueDelivery {
  subscriberId: number;
  seq: number;
  attempts: number;
  queuedAt: number;
}

export interface DeadLetter {
  subscriber: string;
  seq: number;
  eventId: string;
  dataset: string;
  recordId: string;
  kind: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  finishedAt: string;
}

export type DeliveryState = 'pending' | 'delivered' | 'dead';

interface SubscriberRow {
  id: number;
  name: string;
  url: string;
  algorithm: WebhookAlgorithm;
  datasets: string;
  createdAt: string;
}

const SUBSCRIBER_COLUMNS = 'id, name, url, algorithm, datasets, created_at AS createdAt';
const subscriberOf = (row: SubscriberRow): Subscriber => ({ ...row, datasets: JSON.parse(row.datasets) as string[] });

/** The subscribers and deliveries of one database; secrets sealed and opened with `key`. */
export function createWebhookRepository(db: Database, key: Buffer) {
  const active = db.prepare(
    `SELECT ${SUBSCRIBER_COLUMNS} FROM webhook_subscribers WHERE removed_at IS NULL ORDER BY id`,
  );
  const byName = db.prepare(
    `SELECT ${SUBSCRIBER_COLUMNS} FROM webhook_subscribers WHERE name = ? AND removed_at IS NULL`,
  );
  const secretOf = db.prepare('SELECT secret_sealed FROM webhook_subscribers WHERE id = ?').pluck();
  const counts = db.prepare(
    'SELECT subscriber_id AS id, state, COUNT(*) AS n FROM webhook_deliveries GROUP BY subscriber_id, state',
  );

  const queueOne = db.prepare(
    `INSERT OR IGNORE INTO webhook_deliveries (subscriber_id, seq, dataset, record_id, state, queued_at, next_attempt_at)
     SELECT @id, seq, dataset, record_id, 'pending', @now, @now FROM public_changes
     WHERE seq > @from AND seq <= @to AND dataset IN (SELECT value FROM json_each(@datasets))`,
  );
  const queuedUpTo = db.prepare('SELECT queued_seq FROM webhook_subscribers WHERE id = ?').pluck();
  const markQueued = db.prepare('UPDATE webhook_subscribers SET queued_seq = ? WHERE id = ?');
  const lastSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) FROM public_changes').pluck();

  // A delivery is due when its time has come and no earlier change of the same record waits for
  // this subscriber: the records' order holds, while other records go ahead.
  const due = db.prepare(
    `SELECT d.subscriber_id AS subscriberId, d.seq, d.attempts, d.queued_at AS queuedAt
     FROM webhook_deliveries d JOIN webhook_subscribers s ON s.id = d.subscriber_id AND s.removed_at IS NULL
     WHERE d.state = 'pending' AND d.next_attempt_at <= @now
       AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e
         WHERE e.subscriber_id = d.subscriber_id AND e.dataset = d.dataset AND e.record_id = d.record_id
           AND e.state = 'pending' AND e.seq < d.seq)
     ORDER BY d.seq LIMIT @limit`,
  );
  const delivered = db.prepare(
    `UPDATE webhook_deliveries SET state = 'delivered', attempts = attempts + 1, last_status = ?, last_error = NULL,
       finished_at = ? WHERE subscriber_id = ? AND seq = ? AND state = 'pending'`,
  );
  const failed = db.prepare(
    `UPDATE webhook_deliveries SET state = @state, attempts = attempts + 1, last_status = @status, last_error = @error,
       next_attempt_at = @next, finished_at = @finished WHERE subscriber_id = @id AND seq = @seq AND state = 'pending'`,
  );
  const deadLetters = db.prepare(
    `SELECT s.name AS subscriber, d.seq, c.event_id AS eventId, d.dataset, d.record_id AS recordId, c.kind,
       d.attempts, d.last_status AS lastStatus, d.last_error AS lastError, d.finished_at AS finishedAt
     FROM webhook_deliveries d JOIN webhook_subscribers s ON s.id = d.subscriber_id
     JOIN public_changes c ON c.seq = d.seq
     WHERE d.state = 'dead' AND s.removed_at IS NULL AND (@name IS NULL OR s.name = @name) ORDER BY s.name, d.seq`,
  );
  const replay = db.prepare(
    `UPDATE webhook_deliveries SET state = 'pending', attempts = 0, queued_at = @now, next_attempt_at = @now,
       finished_at = NULL WHERE subscriber_id = @id AND state = 'dead' AND (@seq IS NULL OR seq = @seq)`,
  );
  const oldestPending = db
    .prepare(
      "SELECT MIN(queued_at) FROM webhook_deliveries d JOIN webhook_subscribers s ON s.id = d.subscriber_id AND s.removed_at IS NULL WHERE d.state = 'pending'",
    )
    .pluck();

  return {
    /** Registers a subscriber: it gets the changes after the last one written now. */
    add(input: {
      name: string;
      url: string;
      secret: string;
      algorithm: WebhookAlgorithm;
      datasets: string[];
    }): Subscriber {
      const datasets = input.datasets.filter((d) => (OPEN_DATASET_IDS as readonly string[]).includes(d));
      const id = Number(
        db
          .prepare(
            `INSERT INTO webhook_subscribers (name, url, secret_sealed, algorithm, datasets, queued_seq, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            input.name,
            input.url,
            sealSecret(key, input.secret),
            input.algorithm,
            JSON.stringify(datasets),
            lastSeq.get() as number,
            new Date().toISOString(),
          ).lastInsertRowid,
      );
      return subscriberOf(
        db.prepare(`SELECT ${SUBSCRIBER_COLUMNS} FROM webhook_subscribers WHERE id = ?`).get(id) as SubscriberRow,
      );
    },

    /** The active subscriber of a name, or null. */
    byName(name: string): Subscriber | null {
      const row = byName.get(name) as SubscriberRow | undefined;
      return row ? subscriberOf(row) : null;
    },

    /** Every active subscriber. */
    list: (): Subscriber[] => (active.all() as SubscriberRow[]).map(subscriberOf),

    /** Every active subscriber with its deliveries counted by state. */
    summaries(): SubscriberSummary[] {
      const byId = new Map<number, Record<DeliveryState, number>>();
      for (const { id, state, n } of counts.all() as Array<{ id: number; state: DeliveryState; n: number }>) {
        const entry = byId.get(id) ?? { pending: 0, delivered: 0, dead: 0 };
        entry[state] = n;
        byId.set(id, entry);
      }
      return this.list().map((s) => ({ ...s, ...(byId.get(s.id) ?? { pending: 0, delivered: 0, dead: 0 }) }));
    },

    /** Removes a subscriber: nothing more is sent to it (its rows stay, its name is free again). */
    remove(name: string): boolean {
      return (
        db
          .prepare(
            "UPDATE webhook_subscribers SET removed_at = ?, name = name || '#removed-' || id WHERE name = ? AND removed_at IS NULL",
          )
          .run(new Date().toISOString(), name).changes === 1
      );
    },

    /** The subscriber's secret, opened (for the HMAC only: never logged). */
    secret: (id: number): string => openSecret(key, secretOf.get(id) as string),

    /** Queues, for every subscriber, the changes of its datasets written since its last queueing; how many. */
    queue: (now: number): number =>
      db.transaction(() => {
        const to = lastSeq.get() as number;
        let queued = 0;
        for (const s of active.all() as SubscriberRow[]) {
          const from = queuedUpTo.get(s.id) as number;
          if (from >= to) continue;
          queued += queueOne.run({ id: s.id, from, to, now, datasets: s.datasets }).changes;
          markQueued.run(to, s.id);
        }
        return queued;
      })(),

    /** Up to `limit` deliveries due at `now`, at most one per record and subscriber, oldest change first. */
    due: (now: number, limit: number): DueDelivery[] => due.all({ now, limit }) as DueDelivery[],

    markDelivered(d: DueDelivery, status: number): void {
      delivered.run(status, new Date().toISOString(), d.subscriberId, d.seq);
    },

    /** Records a failed attempt: retried at `next`, or dead (the retry window is over). */
    markFailed(d: DueDelivery, failure: { status: number | null; error: string; next: number; dead: boolean }): void {
      failed.run({
        id: d.subscriberId,
        seq: d.seq,
        state: failure.dead ? 'dead' : 'pending',
        status: failure.status,
        error: failure.error.slice(0, 500),
        next: failure.next,
        finished: failure.dead ? new Date().toISOString() : null,
      });
    },

    /** The dead letters (of one subscriber when named), by subscriber and seq. */
    deadLetters: (name: string | null = null): DeadLetter[] => deadLetters.all({ name }) as DeadLetter[],

    /** Queues a subscriber's dead letters again (one, by seq, or all) with a new retry window; how many. */
    replay: (id: number, seq: number | null, now: number): number => replay.run({ id, seq, now }).changes,

    /** When the oldest pending delivery was queued (unix ms), or null. */
    oldestPending: (): number | null => (oldestPending.get() as number | null) ?? null,
  };
}

export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
