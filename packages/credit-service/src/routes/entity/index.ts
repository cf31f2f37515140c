import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { CONTRACTS, MESSAGES, normalizeKeyword } from '@credit-portal/shared';
import { errorCodeOk, errorCodeResponses } from '../../lib/dialect.js';
import { BadRequestError } from '../../lib/errors.js';
import { createEntityRepository } from '../../repositories/entity.js';

/** Entity search by name or unified social credit code (spec §7). */
const entityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const entities = createEntityRepository(app.db);

  app.post(
    CONTRACTS.entitySearch.path,
    {
      schema: { body: CONTRACTS.entitySearch.body, response: errorCodeResponses(CONTRACTS.entitySearch.data) },
      config: { emptyFieldMessages: CONTRACTS.entitySearch.emptyFieldMessages },
    },
    async (request) => {
      const keyword = normalizeKeyword(request.body.EntNameOrCreditCode);
      if (!keyword) throw new BadRequestError(MESSAGES.emptySearch);
      return errorCodeOk(entities.search(keyword));
    },
  );
};

export default entityRoutes;
