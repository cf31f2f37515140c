import type { Database } from 'better-sqlite3';
import { formatVisitTime, type ForwardedVisitLog } from '@credit-portal/shared';

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
  };
}

export type VisitLogRepository = ReturnType<typeof createVisitLogRepository>;
