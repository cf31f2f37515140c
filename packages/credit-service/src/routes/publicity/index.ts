import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS, PAGE_SIZE } from '@credit-portal/shared';
import { localToday } from '../../lib/dates.js';
import { errorCodeOk } from '../../lib/dialect.js';
import { serve } from '../../lib/serve.js';
import { NOT_FOUND_MESSAGES, NotFoundError } from '../../lib/errors.js';
import { pageOffset } from '../../lib/sql.js';
import { createPublicityRepository } from '../../repositories/publicity.js';

/** City-wide licence and penalty publicity of the credit data API (the notice highlights and details). */
const publicityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const publicity = createPublicityRepository(app.db);

  serve(app, CONTRACTS.permitPublicity, async (request) => {
    const { pageIndex = 1, pageSize = PAGE_SIZE.default } = request.query;
    return errorCodeOk(publicity.licenceNotices(pageOffset(pageIndex, pageSize), pageSize));
  });

  serve(app, CONTRACTS.punishPublicity, async (request) => {
    const { pageIndex = 1, pageSize = PAGE_SIZE.default } = request.query;
    return errorCodeOk(publicity.penaltyNotices(pageOffset(pageIndex, pageSize), pageSize, localToday()));
  });

  serve(app, CONTRACTS.permitDetail, async (request) => {
    const licence = publicity.licence(request.query.id);
    if (!licence) throw new NotFoundError(NOT_FOUND_MESSAGES.record);
    return errorCodeOk(licence);
  });

  serve(app, CONTRACTS.punishDetail, async (request) => {
    // A record out of publicity still answers, saying so (publicized false, publicityNote).
    const penalty = publicity.penalty(request.query.id, localToday());
    if (!penalty) throw new NotFoundError(NOT_FOUND_MESSAGES.record);
    return errorCodeOk(penalty);
  });
};

export default publicityRoutes;
