import { VisitLogQueue } from '../visit-log/visit-log-queue.js';
declare module 'fastify' {
    interface FastifyInstance {
        visitLog: VisitLogQueue;
        /** True while the forwarder's lag is at or over VISITLOG_SHED_LAG: the intake answers 503 + Retry-After. */
        visitLogShedding: () => boolean;
    }
}
/**
 * The visit-log pipeline: a Redis Stream (or the in-process queue without REDIS_URL) and this
 * replica's forwarder. The forwarder starts when the
 * app is ready and is stopped and flushed first on close, before Redis and the upstream pools.
 */
declare const _default: (app: import("fastify").FastifyInstance<import("fastify").RawServerDefault, import("http").IncomingMessage, import("http").ServerResponse<import("http").IncomingMessage>, import("fastify").FastifyBaseLogger, import("fastify").FastifyTypeProviderDefault>) => Promise<void>;
export default _default;
