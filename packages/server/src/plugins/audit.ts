import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import {
  AuditWriter,
  auditDigests,
  fileHeadStore,
  generatedAuditKey,
  nodeAuditStorage,
  openAuditTrail,
  type AuditEvent,
  type AuditResult,
} from '@credit-portal/node-common';

/*
 * The gateway's audit trail (docs/AUDIT.md): its start-up configuration and every
 * cache purge, hash-chained in AUDIT_DIR (gateway.security.<day>.jsonl), apart from the request
 * log. Each replica needs a directory of its own: one writer per chain. A record that cannot be
 * written is logged at error level (it holds no secret and no personal data) and the purge goes
 * on: the gateway serves no personal data of its own, so nothing is withheld.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The gateway's audit trail. */
    audit: {
      writer: AuditWriter;
      /** Writes a record of a request; resolves once durable, never rejects (a failure is logged loudly). */
      record(
        request: FastifyRequest,
        event: AuditEvent,
        note: { result: AuditResult; reason?: string | null; actor: string; details?: Record<string, unknown> },
      ): Promise<void>;
    };
  }
}

/** The file of a generated key: beside AUDIT_DIR, never among the audit files. */
const keyFileOf = (dir: string): string => path.join(path.dirname(dir), `${path.basename(dir)}.gateway-audit.key`);

/** The file of the chain's kept head (a cut end shows): beside AUDIT_DIR too. */
export const headFileOf = (dir: string): string =>
  path.join(path.dirname(dir), `${path.basename(dir)}.gateway-audit.head`);

export default fp(
  async (app) => {
    const { config } = app;
    const dir = path.resolve(config.audit.dir);
    let key = config.audit.key;
    if (!key) {
      key = await generatedAuditKey(keyFileOf(dir));
      app.log.warn(
        { keyFile: keyFileOf(dir) },
        'AUDIT_KEY not set: the audit trail uses a generated key kept in a file beside AUDIT_DIR',
      );
    }
    const writer = await openAuditTrail(app, {
      open: async () =>
        AuditWriter.open({
          service: 'gateway',
          storage: await nodeAuditStorage(dir),
          digests: auditDigests(key),
          streams: ['security'],
          heads: await fileHeadStore(headFileOf(dir)),
        }),
      dir,
      retentionDays: config.audit.retentionDays,
      anchorIntervalSeconds: config.audit.anchorIntervalSeconds,
      startup: {
        host: config.host,
        port: config.port,
        admin: config.admin,
        logLevel: config.logLevel,
        upstreams: config.upstreams,
        redisKeyPrefix: config.redis.keyPrefix,
        purgeToken: config.cache.purgeToken ? 'set' : 'unset',
        trustedProxies: config.trustedProxies,
        rateLimit: config.rateLimit,
        h5TestMode: config.runtime.h5TestMode,
        auditKey: config.audit.key ? 'set' : 'file',
        auditRetentionDays: config.audit.retentionDays,
        auditAnchorIntervalSeconds: config.audit.anchorIntervalSeconds,
      },
    });

    app.decorate('audit', {
      writer,
      async record(request, event, note) {
        const entry = {
          event,
          result: note.result,
          reason: note.reason ?? null,
          actor: note.actor,
          subject: null,
          ip: request.ip,
          requestId: request.id,
          details: note.details ?? {},
        };
        try {
          await writer.write(entry);
        } catch (error) {
          request.log.error({ err: error, audit: entry }, 'AUDIT RECORD NOT WRITTEN');
        }
      },
    });
  },
  { name: 'audit' },
);
