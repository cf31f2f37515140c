import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import {
  ERROR_CODES,
  ErrorEnvelopeSchema,
  GATEWAY_PATHS,
  NormalizedEnvelope,
  SUCCESS_CODE,
  errorEnvelope,
} from '@credit-portal/shared';

export const HealthSchema = NormalizedEnvelope(
  Type.Object({ status: Type.Literal('ok'), uptimeSeconds: Type.Number() }),
);

/** The liveness answer, the same on every listener of both services. */
export function healthAnswer() {
  return {
    ok: true,
    code: SUCCESS_CODE,
    message: 'ok',
    data: { status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) },
  };
}

export interface AdminRoutesOptions {
  /** The service's Prometheus registry, refreshed and written by `scrape`. */
  metrics: { scrape(): Promise<string>; registry: { contentType: string } };
  /** True once the service is shutting down: /readyz answers 503 from then on. */
  closing: () => boolean;
  /** /readyz: the schema of its `data` and what it reports (`status` is also the answer's message). */
  ready: { data: TSchema; check: () => Promise<{ status: string }> };
}

/**
 * An admin listener's routes (never published): /healthz, /readyz with the service's own parts
 * (`degraded` is still HTTP 200: the service answers what it can, and a restart would not mend an
 * upstream or a disk; 503 while shutting down), /metrics for Prometheus, and the envelope for a
 * path it does not have or a request that failed.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (app, { metrics, closing, ready }) => {
  app.get(GATEWAY_PATHS.health, { schema: { response: { 200: HealthSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return healthAnswer();
  });

  app.get(
    GATEWAY_PATHS.ready,
    { schema: { response: { 200: NormalizedEnvelope(ready.data), 503: ErrorEnvelopeSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (closing())
        return reply.code(503).send(errorEnvelope(ERROR_CODES.upstreamUnavailable, '服务正在重启，请稍后再试'));
      const data = await ready.check();
      return { ok: true, code: SUCCESS_CODE, message: data.status, data };
    },
  );

  app.get(GATEWAY_PATHS.metrics, async (_request, reply) => {
    const text = await metrics.scrape();
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).header('cache-control', 'no-store').send(errorEnvelope(ERROR_CODES.notFound)),
  );

  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'admin request failed');
    return reply.code(500).header('cache-control', 'no-store').send(errorEnvelope(ERROR_CODES.internal));
  });
};
