import type { FastifyPluginAsync } from 'fastify';
/**
 * The proxy: one route per row of the route table, and nothing else reaches an upstream. JSON
 * routes go through the response cache (when the row has a policy and the request is cacheable)
 * and the envelope normalizer on the upstream's undici Pool; binary prefix routes stream through
 * @fastify/http-proxy. Every answer carries x-cache.
 */
declare const proxyRoutes: FastifyPluginAsync;
declare module 'fastify' {
    interface FastifyContextConfig {
        /** The largest raw (form or multipart) body of this route; default UPLOAD_LIMIT_BYTES. */
        uploadLimitBytes?: number;
    }
}
export default proxyRoutes;
