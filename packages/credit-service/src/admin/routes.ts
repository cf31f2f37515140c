import type { FastifyInstance } from 'fastify';
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
import { databaseSizes } from '../plugins/metrics.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const HealthSchema = NormalizedEnvelope(Type.Object({ status: Type.Literal('ok'), uptimeSeconds: Type.Number() }));

const JobSchema = Type.Object({
  lastRunAt: Nullable(Type.String()),
  lastResult: Nullable(Type.Union([Type.Literal('success'), Type.Literal('failure')])),
  lastSuccessAt: Nullable(Type.String()),
  lastFailureAt: Nullable(Type.String()),
  lastDurationSeconds: Nullable(Type.Number()),
});

const ReadySchema = NormalizedEnvelope(
  Type.Object({
    /** degraded: serving, but the database, the audit trail or a job's last run failed (named in `problems`). */
    status: Type.Union([Type.Literal('ready'), Type.Literal('degraded')]),
    /** What is failing: `database`, `audit`, `job:<name>`. */
    problems: Type.Array(Type.String()),
    database: Type.Object({ ok: Type.Boolean(), sizeBytes: Type.Number(), walBytes: Type.Number() }),
    search: Type.Object({ workers: Type.Integer(), queueLength: Type.Integer() }),
    /** The key's id and where it came from, never the key. */
    signing: Type.Object({
      keyId: Type.String(),
      source: Type.Union([Type.Literal('file'), Type.Literal('demo')]),
      algorithm: Type.String(),
    }),
    audit: Type.Object({ writing: Type.Boolean(), failingSince: Nullable(Type.String()) }),
    jobs: Type.Record(Type.String(), JobSchema),
  }),
);

export interface AdminRoutesOptions {
  /** The credit-service whose database, search pool, signing key, audit trail, jobs and metrics these routes report. */
  service: FastifyInstance;
  /** True once the service is shutting down. */
  closing: () => boolean;
}

/** True when a trivial query answers on the service's connection. */
function databaseAnswers(service: FastifyInstance): boolean {
  try {
    return service.db.prepare('SELECT 1').pluck().get() === 1;
  } catch {
    return false;
  }
}

/**
 * The admin listener's routes (CREDIT_SERVICE_ADMIN_HOST:CREDIT_SERVICE_ADMIN_PORT, never
 * published): /healthz, /readyz with each part of the service (`degraded`, still HTTP 200, when
 * the database, the audit trail or a job's last run fails: the service still answers what it can,
 * and a restart would not mend a disk or a mail server; 503 while shutting down) and /metrics for
 * Prometheus.
 */
const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (app, { service, closing }) => {
  app.get(GATEWAY_PATHS.health, { schema: { response: { 200: HealthSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      ok: true,
      code: SUCCESS_CODE,
      message: 'ok',
      data: { status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) },
    };
  });

  app.get(
    GATEWAY_PATHS.ready,
    { schema: { response: { 200: ReadySchema, 503: ErrorEnvelopeSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (closing())
        return reply.code(503).send(errorEnvelope(ERROR_CODES.upstreamUnavailable, '服务正在重启，请稍后再试'));
      const ok = databaseAnswers(service);
      const sizes = await databaseSizes(service.db.name);
      const audit = service.audit.status();
      const jobs = service.metrics.jobs();
      const problems = [
        ...(ok ? [] : ['database']),
        ...(audit.writing ? [] : ['audit']),
        ...Object.entries(jobs)
          .filter(([, job]) => job.lastResult === 'failure')
          .map(([name]) => `job:${name}`),
      ];
      const status = problems.length === 0 ? ('ready' as const) : ('degraded' as const);
      return {
        ok: true,
        code: SUCCESS_CODE,
        message: status,
        data: {
          status,
          problems,
          database: { ok, sizeBytes: sizes.database, walBytes: sizes.wal },
          search: { workers: service.entitySearch.workers, queueLength: service.entitySearch.queueLength },
          signing: {
            keyId: service.reportSigner.keyId,
            source: service.reportSigner.source,
            algorithm: service.reportSigner.algorithm,
          },
          audit,
          jobs,
        },
      };
    },
  );

  app.get(GATEWAY_PATHS.metrics, async (_request, reply) => {
    const text = await service.metrics.scrape();
    return reply.type(service.metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).header('cache-control', 'no-store').send(errorEnvelope(ERROR_CODES.notFound)),
  );

  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'admin request failed');
    return reply.code(500).header('cache-control', 'no-store').send(errorEnvelope(ERROR_CODES.internal));
  });
};

export default adminRoutes;
