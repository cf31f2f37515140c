import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS } from '@credit-portal/shared';
import { msgOk } from '../../lib/dialect.js';
import { serve } from '../../lib/serve.js';
import { createGuideRepository } from '../../repositories/guides.js';

/** POST /Cms/bszn/list (msg dialect): every service guide (办事指南), in editorial order. */
const guideRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const guides = createGuideRepository(app.db);

  serve(app, CONTRACTS.serviceGuides, async () => msgOk(guides.list()));
};

export default guideRoutes;
