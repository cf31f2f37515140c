import { RedisConnection } from '../lib/redis-connection.js';
declare module 'fastify' {
    interface FastifyInstance {
        /** The shared Redis, or null without REDIS_URL / REDIS_SENTINELS / REDIS_CLUSTER_NODES (in-process cache and queue). */
        redis: RedisConnection | null;
    }
}
/**
 * Connects to Redis in the background: the gateway starts and serves while Redis is down
 * (degraded), and picks it up whenever it comes. With Sentinel, start-up first asks the
 * Sentinels for the master and fails with a clear message when none answers or none knows the
 * name (a misconfiguration, not an outage); after that, a lost master is an outage like any other.
 * With REDIS_CLUSTER_NODES the cache and the visit-log stream (one slot, {visitlog}) live in a
 * Redis Cluster, found from the seed nodes in the background like a single Redis.
 */
declare const _default: (app: import("fastify").FastifyInstance<import("fastify").RawServerDefault, import("http").IncomingMessage, import("http").ServerResponse<import("http").IncomingMessage>, import("fastify").FastifyBaseLogger, import("fastify").FastifyTypeProviderDefault>) => Promise<void>;
export default _default;
