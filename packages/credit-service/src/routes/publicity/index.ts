import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS, PAGE_SIZE } from '@credit-portal/shared';
import { localToday } from '../../lib/dates.js';
import { errorCodeOk, errorCodeResponses } from '../../lib/dialect.js';
import { NOT_FOUND_MESSAGES, NotFoundError } from '../../lib/errors.js';
import { pageOffset } from '../../lib/sql.js';
import { createPublicityRepository } from '../../repositories/publicity.js';

/** City-wide licence and penalty publicity of the credit data API (the notice highlights and details). */
const publicityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const publicity = createPublicityRepository(app.db);

  app.get(
    CONTRACTS.permitPublicity.path,
    {
      schema: {
        querystring: CONTRACTS.permitPublicity.query,
        response: errorCodeResponses(CONTRACTS.permitPublicity.data),
      },
    },
    async (request) => {
      const { pageIndex = 1, pageSize = PAGE_SIZE.default } = request.query;
      return errorCodeOk(publicity.licenceNotices(pageOffset(pageIndex, pageSize), pageSize));
    },
  );

  app.get(
    CONTRACTS.punishPublicity.path,
    {
      schema: {
        querystring: CONTRACTS.punishPublicity.query,
        response: errorCodeResponses(CONTRACTS.punishPublicity.data),
      },
    },
    async (request) => {
      const { pageIndex = 1, pageSize = PAGE_SIZE.default } = request.query;
      return errorCodeOk(publicity.penaltyNotices(pageOffset(pageIndex, pageSize), pageSize, localToday()));
    },
  );

  app.get(
    CONTRACTS.permitDetail.path,
    {
      schema: { querystring: CONTRACTS.permitDetail.query, response: errorCodeResponses(CONTRACTS.permitDetail.data) },
    },
    async (request) => {
      const licence = publicity.licence(request.query.id);
      if (!licence) throw new NotFoundError(NOT_FOUND_MESSAGES.record);
      return errorCodeOk(licence);
    },
  );

  app.get(
    CONTRACTS.punishDetail.path,
    {
      schema: { querystring: CONTRACTS.punishDetail.query, response: errorCodeResponses(CONTRACTS.punishDetail.data) },
    },
    async (request) => {
      // A record out of publicity still answers, saying so (publicized false, publicityNote).
      const penalty = publicity.penalty(request.query.id, localToday());
      if (!penalty) throw new NotFoundError(NOT_FOUND_MESSAGES.record);
      return errorCodeOk(penalty);
    },
  );
};

export default publicityRoutes;
