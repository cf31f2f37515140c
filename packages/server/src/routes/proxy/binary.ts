import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { errorEnvelope } from '@credit-portal/shared';
import {
  UPSTREAM_FAILURE_ANSWERS,
  upstreamFailureError,
  upstreamStatusAnswer,
  type ErrorAnswerCode,
} from '../../lib/errors.js';
import { isPersonalRoute, type GatewayRoute } from '../../route-table.js';
import { BINARY_FORWARDED_HEADERS, forwardHeaders } from '../../upstream/forwarded-headers.js';
import type { UpstreamClient } from '../../upstream/upstream-client.js';

export interface BinaryProxyOptions {
  route: GatewayRoute;
  client: UpstreamClient;
  timeoutMs: number;
  retries: number;
  /** The route's own limit and the key of its counter (the open-data quota); undefined: the global one. */
  limit?: { rateLimit: { max: number; timeWindow: number }; rateLimitKey: string };
}

/**
 * An upstream's own error page for a browser that opened the address itself (a dead one-time
 * report link): a 4xx in HTML (the upstream's headers are on the reply by now), to a request that
 * asks for HTML. It explains itself and offers the way back; an API client asking for JSON still
 * gets the envelope.
 */
const isPageForBrowser = (reply: FastifyReply): boolean => {
  const status = reply.statusCode;
  const type = reply.getHeader('content-type');
  return (
    status >= 400 &&
    status < 500 &&
    typeof type === 'string' &&
    type.startsWith('text/html') &&
    /\btext\/html\b/i.test(reply.request.headers.accept ?? '')
  );
};

/**
 * A pass-through route for a binary prefix (flipbook page images) with @fastify/http-proxy on
 * the upstream's own undici Pool: 2xx and 304 answers stream through untouched (never cached,
 * x-cache: BYPASS), and so does an upstream's error page to a browser (isPageForBrowser); anything
 * else, and any failure, becomes the normalized error envelope.
 */
const binaryProxy: FastifyPluginAsync<BinaryProxyOptions> = async (
  app,
  { route, client, timeoutMs, retries, limit },
) => {
  const prefix = route.path.replace(/\/+$/, '');
  const personal = isPersonalRoute(route);
  // reply-from hands over replies typed for any server; this app serves HTTP/1 only.
  const sendError = (anyReply: unknown, { statusCode, code }: ErrorAnswerCode) => {
    const reply = anyReply as FastifyReply;
    reply.removeHeader('content-length');
    reply.removeHeader('content-encoding');
    reply.removeHeader('etag');
    reply.removeHeader('last-modified');
    reply
      .code(statusCode)
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-cache', 'BYPASS');
    reply.send(errorEnvelope(code));
  };

  // A client that hangs up before the upstream answered must not keep a half-open circuit's trial slot.
  app.addHook('onRequestAbort', async (_request) => client.breaker.release());

  await app.register(httpProxy, {
    upstream: client.origin,
    prefix,
    rewritePrefix: client.basePath + prefix,
    httpMethods: route.methods.includes('GET') ? [...route.methods, 'HEAD'] : [...route.methods],
    undici: client.pool,
    ...(limit ? { config: limit } : {}),
    disableRequestLogging: true,
    // Bodies are parsed by the gateway's own parsers (JSON within the shape limits, form and
    // multipart streamed), not re-registered here.
    proxyPayloads: false,
    internalRewriteLocationHeader: false,
    preHandler: async (_request, reply) => {
      reply.header('x-cache', 'BYPASS');
      app.metrics.cacheResult.BYPASS.inc();
      if (!client.breaker.tryAcquire()) {
        app.metrics.upstreamErrors.inc({ upstream: client.name, kind: 'circuit_open' });
        throw upstreamFailureError('circuit_open', client.breaker.retryAfterMs());
      }
    },
    replyOptions: {
      timeout: timeoutMs,
      retriesCount: retries,
      rewriteRequestHeaders: (request) =>
        forwardHeaders(request, BINARY_FORWARDED_HEADERS, {
          'x-request-id': request.id,
          'x-forwarded-for': request.ip,
        }),
      rewriteHeaders: (headers) => {
        const kept = { ...headers };
        delete kept['set-cookie'];
        delete kept.location;
        // A person's file (the report upstream's PDF) is kept by no cache on the way, whatever the
        // upstream says: the gateway does not rely on it (a review's finding).
        if (personal) kept['cache-control'] = 'no-store';
        return { ...kept, 'x-cache': 'BYPASS' };
      },
      onResponse: (_request, reply, response) => {
        const status = response.statusCode;
        if (status >= 500) {
          client.breaker.failure();
          app.metrics.upstreamErrors.inc({ upstream: client.name, kind: 'status_5xx' });
        } else {
          client.breaker.success();
        }
        if ((status >= 200 && status < 300) || status === 304 || isPageForBrowser(reply as FastifyReply)) {
          reply.send(response.stream);
          return;
        }
        response.stream.resume();
        sendError(reply, upstreamStatusAnswer(status));
      },
      onError: (reply, { error }) => {
        client.breaker.failure();
        const timedOut = (error as Error & { statusCode?: number }).statusCode === 504;
        app.metrics.upstreamErrors.inc({ upstream: client.name, kind: timedOut ? 'timeout' : 'unavailable' });
        reply.request.log.warn(
          { reason: error.message, code: (error as Error & { code?: string }).code },
          'binary upstream call failed',
        );
        sendError(reply, UPSTREAM_FAILURE_ANSWERS[timedOut ? 'timeout' : 'unavailable']);
      },
    },
  });
};

export default binaryProxy;
