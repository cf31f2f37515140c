import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS } from '@credit-portal/shared';
import { msgOk } from '../../lib/dialect.js';
import { serve } from '../../lib/serve.js';
import { createLendingRepository } from '../../repositories/lending.js';

/** POST /Cms/xyd/overview (msg dialect): the lending page (信易贷): figures, partner banks, products. */
const lendingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const lending = createLendingRepository(app.db);

  serve(app, CONTRACTS.lendingOverview, async () => msgOk(lending.overview()));
};

export default lendingRoutes;
