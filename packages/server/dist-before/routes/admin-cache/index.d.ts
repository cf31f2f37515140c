import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
/**
 * POST /admin/cache/purge, Authorization: Bearer CACHE_PURGE_TOKEN. Drops entries by tag and/or
 * path prefix on every replica. Without a configured token every call is refused.
 */
declare const adminCacheRoutes: FastifyPluginAsyncTypebox;
export default adminCacheRoutes;
