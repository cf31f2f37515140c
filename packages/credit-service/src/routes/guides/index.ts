import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS } from '@credit-portal/shared';
import { msgOk, msgResponses } from '../../lib/dialect.js';
import { createGuideRepository } from '../../repositories/guides.js';

/** POST /Cms/bszn/list (msg dialect): every service guide (办事指南), in editorial order. */
const guideRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const guides = createGuideRepository(app.db);

  app.post(
    CONTRACTS.serviceGuides.path,
    { schema: { body: CONTRACTS.serviceGuides.body, response: msgResponses(CONTRACTS.serviceGuides.data) } },
    async () => msgOk(guides.list()),
  );
};

export default guideRoutes;
