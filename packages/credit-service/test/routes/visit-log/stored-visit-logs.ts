/** What these helpers use of a better-sqlite3 database. */
interface Sql {
  prepare(sql: string): { get(): unknown; run(): { changes: number }; pluck(): { all(): unknown[] } };
}

/** The visit logs a credit-service stored, read from its database: deliveries, distinct events, their ids in arrival order. */
export function storedVisitLogs(db: Sql): { total: number; distinct: number; eventIds: string[] } {
  const { total, distinct } = db
    .prepare('SELECT COALESCE(SUM(deliveries), 0) AS total, COUNT(*) AS "distinct" FROM visit_logs')
    .get() as { total: number; distinct: number };
  const eventIds = db.prepare('SELECT event_id FROM visit_logs ORDER BY id').pluck().all() as string[];
  return { total, distinct, eventIds };
}

/** Deletes every stored visit log; returns how many. */
export function clearVisitLogs(db: Sql): number {
  return db.prepare('DELETE FROM visit_logs').run().changes;
}
