import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminRoutes } from '@credit-portal/node-common';
import { readiness } from './readiness.js';
import type { AdminSettings } from './settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The admin listener (/healthz, detailed /readyz, /metrics): a second server, never
     * published, built with the app and closed after it; startAdminListener makes it listen.
     */
    admin: FastifyInstance;
  }
}

/**
 * Builds the admin listener with the app, so that it knows when the app starts shutting down
 * (its /readyz answers 503 from then on, while requests in flight finish) and closes with it.
 * Registered before the app's other parts, so that its preClose hook runs before theirs (the
 * follow job's waits for a run to end); /readyz reads those parts when it is asked.
 */
export default fp(
  async (app) => {
    let closing = false;
    // Probes and scrapes are not request-logged: they would drown the log.
    const admin = Fastify({
      loggerInstance: app.log.child({ listener: 'admin' }),
      logController: new LogController({ disableRequestLogging: true }),
    });
    await admin.register(adminRoutes, { metrics: app.metrics, closing: () => closing, ready: readiness(app) });
    app.decorate('admin', admin);
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onClose', async () => {
      await admin.close();
    });
  },
  { name: 'admin', dependencies: ['metrics'] },
);

/**
 * Makes the app's admin listener listen on CREDIT_SERVICE_ADMIN_HOST:CREDIT_SERVICE_ADMIN_PORT
 * (server.ts, after the app listens); answers its address, or null when the port is 0 (off).
 */
export async function startAdminListener(app: FastifyInstance, settings: AdminSettings): Promise<string | null> {
  if (settings.port === 0) return null;
  const address = await app.admin.listen({ host: settings.host, port: settings.port });
  app.log.info({ address }, 'admin listener (/metrics, /readyz) listening');
  return address;
}
