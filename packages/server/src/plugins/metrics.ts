import fp from 'fastify-plugin';
import { countRequests } from '@credit-portal/node-common';
import { GatewayMetrics } from '../lib/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: GatewayMetrics;
  }
}

/** Decorates the app with its metrics and counts every answered request by route pattern. */
export default fp(
  async (app) => {
    const metrics = new GatewayMetrics();
    app.decorate('metrics', metrics);
    countRequests(app, metrics);
  },
  { name: 'metrics' },
);
