import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS, PAGE_SIZE } from '@credit-portal/shared';
import { errorCodeOk } from '../../lib/dialect.js';
import { NotFoundError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
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

  serve(app, CONTRACTS.hetaoList, async ({ query }) => {
    const pageSize = query.pageSize ?? PAGE_SIZE.default;
    return errorCodeOk(
      hetao.list({ keyword: query.searchkey, offset: pageOffset(query.pageIndex ?? 1, pageSize), limit: pageSize }),
    );
  });

  serve(app, CONTRACTS.hetaoCheck, async ({ query }) => {
    const isXyht = hetao.isMember(query.id);
    if (isXyht === undefined) throw new NotFoundError(HETAO_NOT_FOUND);
    return errorCodeOk({ isXyht });
  });

  serve(app, CONTRACTS.hetaoLabels, async ({ query }) => {
    const labels = hetao.labels(query.id);
    if (labels === undefined) throw new NotFoundError(HETAO_NOT_FOUND);
    return errorCodeOk({ labels });
  });
};

export default hetaoRoutes;
