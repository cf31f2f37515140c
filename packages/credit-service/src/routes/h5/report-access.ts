import {
  CONTRACTS,
  H5_REPORT_ACCESS_DAYS,
  H5_REPORT_ACCESS_MAX_ROWS,
  H5_REPORT_ACCESS_PAGE_SIZE,
  type H5ReportAccessChannel,
  type H5ReportAccessItem,
} from '@credit-portal/shared';
import { dayBefore, localDay, readRecentAuditRecords, seriesName, type AuditEvent } from '@credit-portal/node-common';
import { successOk } from '../../lib/dialect.js';
import { serve } from '../../lib/serve.js';
import type { H5App, H5Context } from './context.js';

/** The audit events that are an access to a person's own report, by the channel the list names. */
const CHANNELS: ReadonlyMap<AuditEvent, H5ReportAccessChannel> = new Map([
  ['h5.report_view', 'view'],
  ['h5.report_download', 'download'],
  ['h5.report_email', 'email'],
] as const);

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * Who looked at my report (PIPL Art. 44): the person of the tab's session sees the accesses to
 * their own personal report, from the audit trail — only records whose subject is their keyed
 * reference (`person:<hash>`), whoever asks; only successes (a refused or failed call reached no
 * report). The trail has no index by person, so the read is a bounded scan: the credit-service's
 * `access` files only (the report events are written there), newest day first, at most
 * H5_REPORT_ACCESS_DAYS days and H5_REPORT_ACCESS_MAX_ROWS rows — and the route is rate-limited as
 * strict. The list answers personal data: never cached (the row is personal).
 */
export function registerReportAccessRoutes(app: H5App, ctx: H5Context): void {
  const { audit } = app;
  serve(app, CONTRACTS.h5ReportAccess, async ({ body }, reply) => {
    const person = ctx.sessionPerson(body.Infotoken);
    // The gateway keeps no personal answer (the row is personal); nor may anything behind it.
    reply.header('cache-control', 'no-store');
    const ref = audit.person(person.idNumber);
    // Records of this very moment are read too.
    await audit.writer.flushed();
    const today = localDay(new Date());
    const { records, capped } = await readRecentAuditRecords(audit.storage, {
      series: [seriesName(audit.writer.service, 'access')],
      sinceDay: dayBefore(today, H5_REPORT_ACCESS_DAYS - 1),
      maxRecords: H5_REPORT_ACCESS_MAX_ROWS,
      keep: (record) => record.subject === ref && record.result === 'success' && CHANNELS.has(record.event),
    });
    const page = body.Page ?? 1;
    const start = (page - 1) * H5_REPORT_ACCESS_PAGE_SIZE;
    const items: H5ReportAccessItem[] = records.slice(start, start + H5_REPORT_ACCESS_PAGE_SIZE).map((record) => {
      const channel = CHANNELS.get(record.event)!;
      return {
        Time: record.time,
        Channel: channel,
        // A line is parsed, not checked: a record without details shows none.
        ReportNumber: text(record.details?.reportNumber),
        MaskedEmail: channel === 'email' ? text(record.details?.maskedEmail) : null,
      };
    });
    return successOk({
      Items: items,
      Total: records.length,
      Page: page,
      PageSize: H5_REPORT_ACCESS_PAGE_SIZE,
      Days: H5_REPORT_ACCESS_DAYS,
      Capped: capped,
    });
  });
}
