import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ERROR_CODES, errorEnvelope } from '@credit-portal/shared';
import { loggerOptions, processSchemaCompilers, type LogDestination } from '@credit-portal/node-common';
import { HitPath } from './cache/hit-path.js';
import type { GatewayConfig } from './config.js';
import { GatewayError, codeForStatus } from './lib/errors.js';
import { GatewayLogController } from './lib/logging.js';
import { clientRequestIdOf, requestIdOf } from './lib/request-id.js';
import { SECURITY_HEADERS } from './lib/security-headers.js';
import auditPlugin from './plugins/audit.js';
import cachePlugin from './plugins/cache.js';
import publicChangesPlugin from './plugins/public-changes.js';
import errorHandler, { clientErrorHandler } from './plugins/error-handler.js';
import jsonBody from './plugins/json-body.js';
import rateLimit from './plugins/rate-limit.js';
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
import { cachedProbe, certificateExpiry } from './lib/tls-probe.js';

export type { GatewayConfig } from './config.js';
export { ConfigError, loadConfig } from './config.js';
export { buildRouteTable, withCacheTimings, type GatewayRoute, type CachePolicy } from './route-table.js';

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

/** JSON bodies up to this size are read by the fast path itself (the cached routes' bodies are a few hundred bytes). */
/** A certificate's expiry changes on renewal only: one TLS handshake a minute is plenty for an alert counted in days. */
const TLS_PROBE_EVERY_MS = 60_000;

const FAST_PATH_MAX_BODY_BYTES = 8 * 1024;
/** Budget of the fast path's raw-request aliases. */
const FAST_PATH_ALIAS_BYTES = 4 * 1024 * 1024;

/**
 * A URL the router refuses (invalid percent-encoding in the path, an over-long parameter) is
 * answered in the envelope like every other refusal: security headers, request id, nothing echoed.
 */
function routerRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const statusCode = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 400;
  request.log.debug({ code: error.code, statusCode }, 'request refused by the router');
  void reply
    .code(statusCode)
    .headers(SECURITY_HEADERS)
    .header('x-request-id', request.id)
    .header('cache-control', 'no-store')
    .send(errorEnvelope(codeForStatus(statusCode)));
}

/**
 * The public HTTP server, made as Fastify would make it (same timeouts), with the cache-hit fast
 * path's listener in front of Fastify's handler.
 */
function serverFactory(hitPath: HitPath) {
  return (handler: (req: IncomingMessage, res: ServerResponse) => void, options: FastifyServerOptions) => {
    const server = createServer((options as { http?: ServerOptions }).http ?? {}, hitPath.listener(handler));
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket !== undefined && options.maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    }
    return server;
  };
}

/**
 * Builds the gateway from its configuration. Tests build it; src/server.ts builds it, listens
 * and shuts it down. Background work (Redis connections, the visit-log forwarder) starts when
 * the app is ready and stops on close.
 */
export async function buildApp(config: GatewayConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Fresh hits are logged at debug: with debug or trace on, every hit goes through Fastify to be logged.
  const hitPath = new HitPath({
    enabled: config.cache.fastPath && config.logLevel !== 'debug' && config.logLevel !== 'trace',
    maxBodyBytes: FAST_PATH_MAX_BODY_BYTES,
    aliasBytes: FAST_PATH_ALIAS_BYTES,
  });
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    logController: new GatewayLogController(),
    serverFactory: serverFactory(hitPath),
    // The gateway makes every request id; a client's X-Request-Id is logged apart, and only as a UUID.
    requestIdHeader: false,
    genReqId: requestIdOf,
    childLoggerFactory(logger, bindings, options, rawRequest) {
      const clientReqId = clientRequestIdOf(rawRequest as IncomingMessage);
      return logger.child(clientReqId ? { ...bindings, clientReqId } : bindings, options);
    },
    // A URL the router refuses (invalid percent-encoding in the path, an over-long parameter) is
    // answered in the envelope like every other refusal: security headers, request id, nothing echoed.
    frameworkErrors: routerRefusal,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: false, maxParamLength: 200 },
    // The closing hook below answers 503 in the normalized envelope instead.
    return503OnClosing: false,
    schemaController: { compilersFactory: processSchemaCompilers },
    forceCloseConnections: 'idle',
    clientErrorHandler,
    // Start-up work (Redis, the workers, the pre-rendered page) takes what the host gives it, as in
    // the credit-service: a fixed timeout fails starts on a busy host; a hang is for the health check.
    pluginTimeout: 0,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('hitPath', hitPath);
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
  await app.register(auditPlugin);
  await app.register(redisPlugin);
  await app.register(upstreamsPlugin);
  await app.register(cachePlugin);
  await app.register(publicChangesPlugin);
  await app.register(visitLogPlugin);

  if (config.tlsProbe) {
    const { target, servername } = config.tlsProbe;
    const label = `${target.host}:${target.port}`;
    const probe = cachedProbe(() => certificateExpiry(target, 2000, servername ?? undefined), TLS_PROBE_EVERY_MS);
    app.metrics.addCollector(async () => {
      const expiry = await probe();
      if (expiry === null) app.metrics.tlsCertificateExpiry.remove(label);
      else app.metrics.tlsCertificateExpiry.set({ target: label }, expiry);
    });
  }

  await app.register(healthRoutes);
  await app.register(runtimeConfigRoutes);
  await app.register(adminCacheRoutes);
  await app.register(visitLogRoutes);
  await app.register(proxyRoutes);
  await app.register(spaRoutes);

  const trust = config.trustedProxies.length > 0 ? proxyAddr.compile(config.trustedProxies) : null;
  hitPath.attach({
    cache: app.cache,
    metrics: app.metrics,
    // As Fastify's request.ip resolves it (the same library and trust list).
    clientIp: trust
      ? (request) => {
          const addresses = proxyAddr.all(request, trust);
          return addresses[addresses.length - 1];
        }
      : (request) => request.socket.remoteAddress,
    closing: () => closing,
  });

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
