import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponsesOf } from '../../lib/dialect.js';

export const HEALTH_PATH = '/healthz';

/** Liveness that also proves the database answers. */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ping = app.db.prepare('SELECT 1');
  app.get(
    HEALTH_PATH,
    { schema: { response: { 200: Type.Object({ status: Type.Literal('ok') }), ...errorResponsesOf(HEALTH_PATH) } } },
    async () => {
      ping.get();
      return { status: 'ok' as const };
    },
  );
};

export default healthRoutes;
