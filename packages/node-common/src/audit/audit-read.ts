import type { AuditRecord } from './audit-events.js';
import { keptRecords, seriesFiles, type AuditStorage } from './audit-writer.js';

export interface RecentAuditQuery {
  /** The series read (`credit-service.access`): only their files are opened. */
  series: readonly string[];
  /** Files of days before this one (yyyy-mm-dd) are not opened. */
  sinceDay: string;
  /** The scan stops once this many records were kept (one more is looked for, to tell whether there were more). */
  maxRecords: number;
  keep: (record: AuditRecord) => boolean;
}

/**
 * The newest records of some series that pass `keep`, newest first, at most `maxRecords`; `capped`
 * when there were more. The trail is day files with no index by person, so a person's records are
 * a scan: this one opens the newest file first and stops at the cap, so what one request reads is
 * bounded by the days and the cap, whatever the trail holds. Unreadable lines are skipped (the
 * verifier reports them).
 */
export async function readRecentAuditRecords(
  storage: Pick<AuditStorage, 'list' | 'read'>,
  query: RecentAuditQuery,
): Promise<{ records: AuditRecord[]; capped: boolean }> {
  const files = (await seriesFiles(storage, query.series, query.sinceDay)).sort((a, b) => b.day.localeCompare(a.day));
  const out: AuditRecord[] = [];
  for (const { name } of files) {
    // A day's file is written in order: its newest records are last.
    out.push(...keptRecords(await storage.read(name), query.keep).sort((a, b) => b.time.localeCompare(a.time)));
    if (out.length > query.maxRecords) break;
  }
  out.sort((a, b) => b.time.localeCompare(a.time));
  return { records: out.slice(0, query.maxRecords), capped: out.length > query.maxRecords };
}
