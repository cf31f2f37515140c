import type { FastifyPluginAsync } from 'fastify';
/**
 * Serves the built SPA from WEB_DIST_DIR: index.html always revalidated, hashed assets cached
 * for a year, pre-compressed .br/.gz files sent to clients that accept them, no source maps
 * unless WEB_SOURCE_MAPS=true. The SPA routes by hash, so '/' (index.html) is the only page. Without a build the
 * gateway still starts and '/' says so in a 503.
 */
declare const spaRoutes: FastifyPluginAsync;
export default spaRoutes;
