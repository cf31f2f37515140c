import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { AdminRoutesOptions } from '@credit-portal/node-common';
import { databaseSizes } from '../plugins/metrics.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const JobSchema = Type.Object({
  lastRunAt: Nullable(Type.String()),
  lastResult: Nullable(Type.Union([Type.Literal('success'), Type.Literal('failure')])),
  lastSuccessAt: Nullable(Type.String()),
  lastFailureAt: Nullable(Type.String()),
  lastDurationSeconds: Nullable(Type.Number()),
});

const ReadyData = Type.Object({
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
});

/** True when a trivial query answers on the service's connection. */
function databaseAnswers(service: FastifyInstance): boolean {
  try {
    return service.db.prepare('SELECT 1').pluck().get() === 1;
  } catch {
    return false;
  }
}

/**
 * What the admin listener's /readyz reports of the credit-service: each part (`degraded` when the
 * database, the audit trail or a job's last run fails), read when it is asked.
 */
export function readiness(service: FastifyInstance): AdminRoutesOptions['ready'] {
  return { data: ReadyData, check: () => readyData(service) };
}

async function readyData(service: FastifyInstance) {
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
  return {
    status: problems.length === 0 ? ('ready' as const) : ('degraded' as const),
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
  };
}
