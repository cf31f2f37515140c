import { type FastifyInstance } from 'fastify';
import { type LogDestination } from '@credit-portal/shared';
import { HitPath } from './cache/hit-path.js';
import type { GatewayConfig } from './config.js';
export type { GatewayConfig } from './config.js';
export { ConfigError, loadConfig } from './config.js';
export { buildRouteTable, withCacheTimings, ROUTE_POLICIES, type GatewayRoute, type CachePolicy, } from './route-table.js';
export interface BuildOptions {
    /** Where log lines go instead of stdout (tests capture them). */
    logStream?: LogDestination;
}
declare module 'fastify' {
    interface FastifyInstance {
        config: GatewayConfig;
        /**
         * The admin listener (/healthz, detailed /readyz, /metrics) on ADMIN_HOST:ADMIN_PORT, a
         * second server that never sits behind the public balancer; closed with the gateway.
         */
        admin: FastifyInstance;
        /** The cache-hit fast path in front of the router (cache/hit-path.ts); the proxy registers its routes and aliases. */
        hitPath: HitPath;
    }
}
/**
 * Builds the gateway from its configuration. Tests build it; src/server.ts builds it, listens
 * and shuts it down. Background work (Redis connections, the visit-log forwarder) starts when
 * the app is ready and stops on close.
 */
export declare function buildApp(config: GatewayConfig, options?: BuildOptions): Promise<FastifyInstance>;
