import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS, PAGE_SIZE } from '@credit-portal/shared';
import { errorCodeOk, errorCodeResponses } from '../../lib/dialect.js';
import { NotFoundError } from '../../lib/errors.js';
import { pageOffset } from '../../lib/sql.js';
import { createHetaoRepository } from '../../repositories/hetao.js';

/** An id that names no entity. */
export const HETAO_NOT_FOUND = '未找到该主体';

/**
 * 信用河套 in the credit API's errorCode dialect, public: the zone's member list (paged, searched
 * by name or credit code), whether an entity is a member, and an entity's credit labels.
 */
const hetaoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hetao = createHetaoRepository(app.db);

  app.get(
    CONTRACTS.hetaoList.path,
    { schema: { querystring: CONTRACTS.hetaoList.query, response: errorCodeResponses(CONTRACTS.hetaoList.data) } },
    async ({ query }) => {
      const pageSize = query.pageSize ?? PAGE_SIZE.default;
      return errorCodeOk(
        hetao.list({ keyword: query.searchkey, offset: pageOffset(query.pageIndex ?? 1, pageSize), limit: pageSize }),
      );
    },
  );

  app.get(
    CONTRACTS.hetaoCheck.path,
    { schema: { querystring: CONTRACTS.hetaoCheck.query, response: errorCodeResponses(CONTRACTS.hetaoCheck.data) } },
    async ({ query }) => {
      const isXyht = hetao.isMember(query.id);
      if (isXyht === undefined) throw new NotFoundError(HETAO_NOT_FOUND);
      return errorCodeOk({ isXyht });
    },
  );

  app.get(
    CONTRACTS.hetaoLabels.path,
    {
      schema: { querystring: CONTRACTS.hetaoLabels.query, response: errorCodeResponses(CONTRACTS.hetaoLabels.data) },
    },
    async ({ query }) => {
      const labels = hetao.labels(query.id);
      if (labels === undefined) throw new NotFoundError(HETAO_NOT_FOUND);
      return errorCodeOk({ labels });
    },
  );
};

export default hetaoRoutes;
