import type { FastifyPluginAsync } from 'fastify';
import { GATEWAY_PATHS } from '@credit-portal/shared';

/** Prometheus exposition of the gateway's registry (keep it off the public load balancer). */
const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get(GATEWAY_PATHS.metrics, { config: { rateLimit: false } }, async (_request, reply) => {
    const text = await app.metrics.scrape();
    return reply.type(app.metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
};

export default metricsRoutes;
