import { GatewayMetrics } from '../lib/metrics.js';
declare module 'fastify' {
    interface FastifyInstance {
        metrics: GatewayMetrics;
    }
}
/** Decorates the app with its metrics and counts every answered request by route pattern. */
declare const _default: (app: import("fastify").FastifyInstance<import("fastify").RawServerDefault, import("http").IncomingMessage, import("http").ServerResponse<import("http").IncomingMessage>, import("fastify").FastifyBaseLogger, import("fastify").FastifyTypeProviderDefault>) => Promise<void>;
export default _default;
