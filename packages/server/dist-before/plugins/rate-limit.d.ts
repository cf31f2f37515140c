import type { onRequestHookHandler } from 'fastify';
import { RateLimits, type RouteRateLimit, type WindowCounter } from '../lib/rate-limiter.js';
declare module 'fastify' {
    interface FastifyInstance {
        /** The per-client counters (lib/rate-limiter.ts), shared with the cache-hit fast path. */
        rateLimits: RateLimits;
    }
    interface FastifyContextConfig {
        /** This route's own limit per client and window, or false for none (probes); absent: the global one. */
        rateLimit?: RouteRateLimit;
    }
}
/** The hook that counts a request against `counter` and refuses it with 429 past the limit. */
export declare function limitHook(counter: WindowCounter): onRequestHookHandler;
/**
 * Per-client-IP rate limits (the IP as resolved through TRUSTED_PROXIES): the global limit on
 * every route, routes with their own `config.rateLimit` (strict upstream routes, visit logs, the
 * purge endpoint) that instead, `rateLimit: false` none (/healthz). A synchronous counter set as a
 * callback onRequest hook on each route when it is added, so a request pays one Map lookup and
 * no promise (it replaced @fastify/rate-limit: figures in the package README). Counters are per
 * process and in memory, which keeps the cache-hit path free of a Redis round trip: with N
 * processes or replicas behind a balancer a client gets up to N times the limit.
 */
declare const _default: (app: import("fastify").FastifyInstance<import("fastify").RawServerDefault, import("http").IncomingMessage, import("http").ServerResponse<import("http").IncomingMessage>, import("fastify").FastifyBaseLogger, import("fastify").FastifyTypeProviderDefault>) => Promise<void>;
export default _default;
