import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GATEWAY_PATHS } from '@credit-portal/shared';
import { HealthSchema, healthAnswer } from '@credit-portal/node-common';

/**
 * /healthz on the public listener: the process is alive (the load balancer's and the image's
 * HEALTHCHECK probe). Readiness details and metrics are on the admin listener only
 * (routes/admin). While the gateway shuts down every request, this one included, answers 503.
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    GATEWAY_PATHS.health,
    { config: { rateLimit: false }, schema: { hide: true, response: { 200: HealthSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return healthAnswer();
    },
  );
};

export default healthRoutes;
