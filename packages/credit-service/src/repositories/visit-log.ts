import type { Database } from 'better-sqlite3';
import { formatVisitTime, type ForwardedVisitLog } from '@credit-portal/shared';

export interface VisitLogSummary {
  /** Deliveries received, duplicates included. */
  total: number;
  /** Distinct events stored. */
  distinct: number;
  /** Stored event ids, in arrival order. */
  eventIds: string[];
}

/**
 * Visit-log storage. Delivery is at-least-once, so each event is stored once by its eventId
 * and its repeated deliveries are counted.
 */
export function createVisitLogRepository(db: Database) {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO visit_logs (event_id, app_token, content_code, param, ipv4, ipv6, userid, visit_time,
       visitor_device, visitor_app_detail, received_log_time, batch_handle_time, stored_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const redelivered = db.prepare('UPDATE visit_logs SET deliveries = deliveries + 1 WHERE event_id = ?');
  const totals = db.prepare('SELECT COALESCE(SUM(deliveries), 0) AS total, COUNT(*) AS distinctCount FROM visit_logs');
  const eventIds = db.prepare('SELECT event_id FROM visit_logs ORDER BY id').pluck();
  const distinct = db.prepare('SELECT COUNT(*) FROM visit_logs').pluck();
  const clear = db.prepare('DELETE FROM visit_logs');

  const store = db.transaction((appToken: string, records: readonly ForwardedVisitLog[]): number => {
    const storedAt = formatVisitTime();
    let stored = 0;
    for (const record of records) {
      // Positional parameters: no object built per event.
      const { changes } = insert.run(
        record.eventId,
        appToken,
        record.contentCode,
        record.param,
        record.ipv4,
        record.ipv6,
        record.userid,
        record.visitTime,
        record.visitorDevice,
        record.visitorAppDetail,
        record.receivedLogTime,
        record.batchHandleTime,
        storedAt,
      );
      if (changes === 1) stored += 1;
      else redelivered.run(record.eventId);
    }
    return stored;
  });

  return {
    /**
     * Stores a batch atomically (one transaction: every event or, when any statement fails, none);
     * returns how many events were new.
     */
    store(appToken: string, records: readonly ForwardedVisitLog[]): number {
      return store(appToken, records);
    },
    summary(): VisitLogSummary {
      const { total, distinctCount } = totals.get() as { total: number; distinctCount: number };
      return { total, distinct: distinctCount, eventIds: eventIds.all() as string[] };
    },
    /** Distinct events stored: one count, for progress polls while a large backlog drains. */
    distinct(): number {
      return distinct.get() as number;
    },
    /** Deletes every stored event; returns how many. */
    clear(): number {
      return clear.run().changes;
    },
  };
}

export type VisitLogRepository = ReturnType<typeof createVisitLogRepository>;
