import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { CONTRACTS, MESSAGES, normalizeKeyword } from '@credit-portal/shared';
import { errorCodeOk } from '../../lib/dialect.js';
import { serve } from '../../lib/serve.js';
import { BadRequestError } from '../../lib/errors.js';

/** Entity search by name or unified social credit code (spec §7); app.entitySearch runs it (plugins/entity-search.ts). */
const entityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  serve(app, CONTRACTS.entitySearch, async (request) => {
    const keyword = normalizeKeyword(request.body.EntNameOrCreditCode);
    if (!keyword) throw new BadRequestError(MESSAGES.emptySearch);
    return errorCodeOk(await app.entitySearch.search(keyword));
  });
};

export default entityRoutes;
