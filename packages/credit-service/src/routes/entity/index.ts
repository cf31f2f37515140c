import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  API_PATHS,
  EntitySearchQuerySchema,
  EntitySearchResultSchema,
  MESSAGES,
  normalizeKeyword,
} from '@credit-portal/shared';
import { errorCodeOk, errorCodeResponses } from '../../lib/dialect.js';
import { BadRequestError } from '../../lib/errors.js';
import { createEntityRepository } from '../../repositories/entities.js';

/** Entity search by name or unified social credit code (spec §7). */
const entityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const entities = createEntityRepository(app.db);

  app.post(
    API_PATHS.entitySearch,
    {
      schema: { body: EntitySearchQuerySchema, response: errorCodeResponses(Type.Array(EntitySearchResultSchema)) },
      config: { emptyFieldMessages: { EntNameOrCreditCode: MESSAGES.emptySearch } },
    },
    async (request) => {
      const keyword = normalizeKeyword(request.body.EntNameOrCreditCode);
      if (!keyword) throw new BadRequestError(MESSAGES.emptySearch);
      return errorCodeOk(entities.search(keyword));
    },
  );
};

export default entityRoutes;
