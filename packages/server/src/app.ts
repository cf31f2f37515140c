import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ERROR_CODES, loggerOptions, type LogDestination } from '@credit-portal/shared';
import type { GatewayConfig } from './config.js';
import { GatewayError } from './lib/errors.js';
import { GatewayLogController } from './lib/logging.js';
import cachePlugin from './plugins/cache.js';
import errorHandler, { clientErrorHandler } from './plugins/error-handler.js';
import jsonBody from './plugins/json-body.js';
import rateLimit from './plugins/external/rate-limit.js';
import swagger from './plugins/external/swagger.js';
import metricsPlugin from './plugins/metrics.js';
import redisPlugin from './plugins/redis.js';
import securityHeaders from './plugins/security-headers.js';
import upstreamsPlugin from './plugins/upstreams.js';
import visitLogPlugin from './plugins/visit-log.js';
import adminRoutes from './routes/admin/index.js';
import adminCacheRoutes from './routes/admin-cache/index.js';
import healthRoutes from './routes/health/index.js';
import proxyRoutes from './routes/proxy/index.js';
import runtimeConfigRoutes from './routes/runtime-config/index.js';
import spaRoutes from './routes/spa/index.js';
import visitLogRoutes from './routes/visit-log/index.js';

export type { GatewayConfig } from './config.js';
export { ConfigError, loadConfig } from './config.js';
export {
  buildRouteTable,
  withCacheTimings,
  ROUTE_POLICIES,
  type GatewayRoute,
  type CachePolicy,
} from './route-table.js';

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
  }
}

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Builds the gateway from its configuration. Tests build it; src/server.ts builds it, listens
 * and shuts it down. Background work (Redis connections, the visit-log forwarder) starts when
 * the app is ready and stops on close.
 */
export async function buildApp(config: GatewayConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    logController: new GatewayLogController(),
    // An incoming X-Request-Id (from a proxy in front) is kept when it looks like one.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: false, maxParamLength: 200 },
    // The closing hook below answers 503 in the normalized envelope instead.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    clientErrorHandler,
    pluginTimeout: 30_000,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorateRequest('upstreamName', null);
  app.decorateRequest('upstreamMs', null);
  // text/plain bodies are accepted by the visit-log intake only (sendBeacon); elsewhere they are 415.
  app.removeContentTypeParser('text/plain');

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (closing) {
      reply.header('connection', 'close');
      done(new GatewayError(503, ERROR_CODES.upstreamUnavailable, '服务正在重启，请稍后再试'));
      return;
    }
    done();
  });

  await app.register(jsonBody);
  await app.register(metricsPlugin);
  await app.register(rateLimit);
  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(swagger);
  await app.register(redisPlugin);
  await app.register(upstreamsPlugin);
  await app.register(cachePlugin);
  await app.register(visitLogPlugin);

  await app.register(healthRoutes);
  await app.register(runtimeConfigRoutes);
  await app.register(adminCacheRoutes);
  await app.register(visitLogRoutes);
  await app.register(proxyRoutes);
  await app.register(spaRoutes);

  // Probes and scrapes are not request-logged: they would drown the log.
  const admin = Fastify({
    loggerInstance: app.log.child({ listener: 'admin' }),
    logController: new LogController({ disableRequestLogging: true }),
  });
  await admin.register(adminRoutes, { gateway: app, closing: () => closing });
  app.decorate('admin', admin);
  app.addHook('onClose', async () => {
    await admin.close();
  });

  return app;
}
