import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
export interface AdminRoutesOptions {
    /** The public gateway whose Redis, upstreams and metrics these routes report. */
    gateway: FastifyInstance;
    /** True once the gateway is shutting down. */
    closing: () => boolean;
}
/**
 * The admin listener's routes (ADMIN_HOST:ADMIN_PORT, never behind the public balancer):
 * /healthz, /readyz with Redis and every upstream (`degraded`, still HTTP 200, when one is
 * unreachable: the replica keeps serving from cache, and taking it out would not help; 503 while
 * shutting down) and /metrics for Prometheus.
 */
declare const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions>;
export default adminRoutes;
