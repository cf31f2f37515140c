import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, EmptyQuerySchema, ServiceGuideListSchema } from '@credit-portal/shared';
import { msgOk, msgResponses } from '../../lib/dialect.js';
import { createGuideRepository } from '../../repositories/guides.js';

/** POST /Cms/bszn/list (msg dialect): every service guide (办事指南), in editorial order. */
const guideRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const guides = createGuideRepository(app.db);

  app.post(
    API_PATHS.serviceGuides,
    { schema: { body: EmptyQuerySchema, response: msgResponses(ServiceGuideListSchema) } },
    async () => msgOk(guides.list()),
  );
};

export default guideRoutes;
