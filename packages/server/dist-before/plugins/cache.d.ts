import { ResponseCache } from '../cache/response-cache.js';
declare module 'fastify' {
    interface FastifyInstance {
        cache: ResponseCache;
    }
}
/**
 * The response cache: the in-process tier always, Redis behind it with REDIS_URL. Purges reach
 * every replica through a Redis channel; after a Redis outage the in-process tier is emptied,
 * since purges sent meanwhile never arrived.
 */
declare const _default: (app: import("fastify").FastifyInstance<import("fastify").RawServerDefault, import("http").IncomingMessage, import("http").ServerResponse<import("http").IncomingMessage>, import("fastify").FastifyBaseLogger, import("fastify").FastifyTypeProviderDefault>) => Promise<void>;
export default _default;
