import { createHash, timingSafeEqual } from 'node:crypto';
import { Type } from 'typebox';
import { ERROR_CODES, ErrorEnvelopeSchema, GATEWAY_PATHS, NormalizedEnvelope, SUCCESS_CODE, } from '@credit-portal/shared';
import { GatewayError } from '../../lib/errors.js';
const PurgeBodySchema = Type.Object({
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 50 })),
    /** An upstream path prefix, e.g. /Cms/ or /cms/siteinfo. */
    prefix: Type.Optional(Type.String({ minLength: 1, maxLength: 256, pattern: '^/' })),
}, { additionalProperties: false, minProperties: 1 });
const PurgeResultSchema = NormalizedEnvelope(Type.Object({
    /** Entries dropped from the shared tier (or the in-process one without Redis). */
    purged: Type.Integer({ minimum: 0 }),
}));
const digest = (value) => createHash('sha256').update(value).digest();
/**
 * POST /admin/cache/purge, Authorization: Bearer CACHE_PURGE_TOKEN. Drops entries by tag and/or
 * path prefix on every replica. Without a configured token every call is refused.
 */
const adminCacheRoutes = async (app) => {
    const token = app.config.cache.purgeToken;
    const expected = token ? digest(token) : null;
    if (!expected)
        app.log.info('CACHE_PURGE_TOKEN not set: the cache purge endpoint refuses every call');
    app.post(GATEWAY_PATHS.cachePurge, {
        config: { rateLimit: { max: app.config.rateLimit.strictMax, timeWindow: app.config.rateLimit.windowMs } },
        // Authenticated before the body is even parsed.
        onRequest: async (request) => {
            const header = request.headers.authorization ?? '';
            const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
            if (!expected || !given || !timingSafeEqual(digest(given), expected)) {
                await app.audit.record(request, 'cache.purge', {
                    result: 'failure',
                    reason: expected ? 'unauthorized' : 'purge_disabled',
                    actor: 'anonymous',
                });
                throw new GatewayError(401, ERROR_CODES.unauthorized);
            }
        },
        schema: {
            body: PurgeBodySchema,
            response: { 200: PurgeResultSchema, 401: ErrorEnvelopeSchema, 503: ErrorEnvelopeSchema },
        },
    }, async (request, reply) => {
        const { purged, everywhere } = await app.cache.purge(request.body);
        request.log.info({ tags: request.body.tags, prefix: request.body.prefix, purged, everywhere }, 'cache purged');
        // The holder of the purge token: the centre's operators (one token, no names).
        await app.audit.record(request, 'cache.purge', {
            result: everywhere ? 'success' : 'failure',
            reason: everywhere ? null : 'shared_tier_unavailable',
            actor: 'admin',
            details: { tags: request.body.tags ?? null, prefix: request.body.prefix ?? null, purged },
        });
        if (!everywhere) {
            throw new GatewayError(503, ERROR_CODES.upstreamUnavailable, '缓存存储暂不可用，仅清除了本实例的缓存，请稍后重试');
        }
        reply.header('cache-control', 'no-store');
        return { ok: true, code: SUCCESS_CODE, message: '缓存已清除', data: { purged } };
    });
};
export default adminCacheRoutes;
//# sourceMappingURL=index.js.map