import type { FastifyInstance } from 'fastify';
import type { AuditStream } from './audit-events.js';
import type { AuditWriter } from './audit-writer.js';

export interface AuditTrailOptions {
  /** Opens the storage and the writer (AuditWriter.open): a failure there is a start-up failure too. */
  open(): Promise<AuditWriter>;
  /** AUDIT_DIR, resolved: named in the start-up failure and in the start-up record. */
  dir: string;
  /** The start-up record's details: setting names and non-secret values. */
  startup: Record<string, unknown>;
  /** Days each stream's files are kept (older ones are removed at start and every six hours). */
  retentionDays: Record<AuditStream, number>;
  /** Seconds between the anchors written while the service runs. */
  anchorIntervalSeconds: number;
}

const PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Opens a service's audit writer the way both services run it: the start-up record written first
 * (also the check that AUDIT_DIR is writable: no service starts without its trail), expired files
 * pruned now and every six hours, an anchor every `anchorIntervalSeconds`, all of it stopped and
 * the writer closed when the app closes. What the app decorates itself with stays the service's.
 */
export async function openAuditTrail(app: FastifyInstance, options: AuditTrailOptions): Promise<AuditWriter> {
  const { dir, startup, retentionDays, anchorIntervalSeconds } = options;
  let writer: AuditWriter;
  try {
    writer = await options.open();
    await writer.write({
      event: 'service.start',
      result: 'success',
      reason: null,
      actor: 'system',
      subject: null,
      ip: null,
      requestId: null,
      details: { ...startup, auditDir: dir },
    });
  } catch (error) {
    throw new Error(`AUDIT_DIR ${dir}: the audit trail cannot be written (${(error as Error).message})`, {
      cause: error,
    });
  }
  const prune = () =>
    writer
      .prune(retentionDays)
      .then((removed) => removed.length > 0 && app.log.info({ removed }, 'expired audit files removed'))
      .catch((error: unknown) => app.log.error({ err: error }, 'audit pruning failed'));
  await prune();
  const anchorTimer = setInterval(() => {
    writer.anchor('interval').catch((error: unknown) => app.log.error({ err: error }, 'AUDIT ANCHOR NOT WRITTEN'));
  }, anchorIntervalSeconds * 1000);
  anchorTimer.unref();
  const pruneTimer = setInterval(() => void prune(), PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(anchorTimer);
    clearInterval(pruneTimer);
    await writer.close();
  });
  return writer;
}
