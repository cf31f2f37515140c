import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponsesOf } from '../../lib/dialect.js';
import { CONTROL_PREFIX, FaultRequestSchema, FaultRuleSchema } from '../../plugins/controls.js';
import { createVisitLogRepository } from '../../repositories/visit-log.js';
import { loopbackHostOnly } from '../../lib/loopback-host.js';

/** The test-control endpoints (registered only with `controls: true`). */
export const CONTROL_PATHS = {
  stats: `${CONTROL_PREFIX}/stats`,
  reset: `${CONTROL_PREFIX}/reset`,
  fault: `${CONTROL_PREFIX}/fault`,
  visitLogs: `${CONTROL_PREFIX}/visitlogs`,
  visitLogCount: `${CONTROL_PREFIX}/visitlogs/count`,
} as const;

const StatsSchema = Type.Object({ requests: Type.Record(Type.String(), Type.Integer()) });
const AckSchema = Type.Object({ ok: Type.Boolean() });
const FaultsSchema = Type.Object({ faults: Type.Array(FaultRuleSchema) });
const VisitLogSummarySchema = Type.Object({
  total: Type.Integer(),
  distinct: Type.Integer(),
  eventIds: Type.Array(Type.String()),
});
const VisitLogCountSchema = Type.Object({ distinct: Type.Integer() });
const DeletedSchema = Type.Object({ deleted: Type.Integer() });

const errors = errorResponsesOf(CONTROL_PREFIX);

const controlRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', loopbackHostOnly);
  const visitLogs = createVisitLogRepository(app.db);

  app.get(CONTROL_PATHS.stats, { schema: { response: { 200: StatsSchema, ...errors } } }, async () => ({
    requests: app.controls.requests(),
  }));

  app.post(CONTROL_PATHS.reset, { schema: { response: { 200: AckSchema, ...errors } } }, async () => {
    app.controls.reset();
    return { ok: true };
  });

  app.post(
    CONTROL_PATHS.fault,
    { schema: { body: FaultRequestSchema, response: { 200: FaultsSchema, ...errors } } },
    async (request) => ({ faults: app.controls.setFault(request.body) }),
  );

  app.get(CONTROL_PATHS.visitLogs, { schema: { response: { 200: VisitLogSummarySchema, ...errors } } }, async () =>
    visitLogs.summary(),
  );

  // The summary lists every event id; a harness polling while hundreds of thousands drain needs only the count.
  app.get(CONTROL_PATHS.visitLogCount, { schema: { response: { 200: VisitLogCountSchema, ...errors } } }, async () => ({
    distinct: visitLogs.distinct(),
  }));

  app.delete(CONTROL_PATHS.visitLogs, { schema: { response: { 200: DeletedSchema, ...errors } } }, async () => ({
    deleted: visitLogs.clear(),
  }));
};

export default controlRoutes;
