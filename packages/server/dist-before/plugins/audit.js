import path from 'node:path';
import fp from 'fastify-plugin';
import { AuditWriter } from '@credit-portal/shared';
import { auditDigests, generatedAuditKey, nodeAuditStorage } from '../audit/node-storage.js';
/** The file of a generated key: beside AUDIT_DIR, never among the audit files. */
const keyFileOf = (dir) => path.join(path.dirname(dir), `${path.basename(dir)}.gateway-audit.key`);
export default fp(async (app) => {
    const { config } = app;
    const dir = path.resolve(config.audit.dir);
    let key = config.audit.key;
    if (!key) {
        key = await generatedAuditKey(keyFileOf(dir));
        app.log.warn({ keyFile: keyFileOf(dir) }, 'AUDIT_KEY not set: the audit trail uses a generated key kept in a file beside AUDIT_DIR');
    }
    let writer;
    try {
        writer = await AuditWriter.open({
            service: 'gateway',
            storage: await nodeAuditStorage(dir),
            digests: auditDigests(key),
            streams: ['security'],
        });
        // Also the start-up check that AUDIT_DIR is writable: no gateway without its trail.
        await writer.write({
            event: 'service.start',
            result: 'success',
            reason: null,
            actor: 'system',
            subject: null,
            ip: null,
            requestId: null,
            details: {
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
                auditDir: dir,
                auditKey: config.audit.key ? 'set' : 'file',
                auditRetentionDays: config.audit.retentionDays,
                auditAnchorIntervalSeconds: config.audit.anchorIntervalSeconds,
            },
        });
    }
    catch (error) {
        throw new Error(`AUDIT_DIR ${dir}: the audit trail cannot be written (${error.message})`, {
            cause: error,
        });
    }
    const prune = () => writer
        .prune(config.audit.retentionDays)
        .catch((error) => app.log.error({ err: error }, 'audit pruning failed'));
    await prune();
    const anchorTimer = setInterval(() => {
        writer.anchor('interval').catch((error) => app.log.error({ err: error }, 'AUDIT ANCHOR NOT WRITTEN'));
    }, config.audit.anchorIntervalSeconds * 1000);
    anchorTimer.unref();
    const pruneTimer = setInterval(() => void prune(), 6 * 60 * 60 * 1000);
    pruneTimer.unref();
    app.addHook('onClose', async () => {
        clearInterval(anchorTimer);
        clearInterval(pruneTimer);
        await writer.close();
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
            }
            catch (error) {
                request.log.error({ err: error, audit: entry }, 'AUDIT RECORD NOT WRITTEN');
            }
        },
    });
}, { name: 'audit' });
//# sourceMappingURL=audit.js.map