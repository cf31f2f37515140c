import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS, PAGE_SIZE, normalizeKeyword } from '@credit-portal/shared';
import { errorCodeOk } from '../../lib/dialect.js';
import { serve } from '../../lib/serve.js';
import { NOT_FOUND_MESSAGES, NotFoundError } from '../../lib/errors.js';
import { pageOffset } from '../../lib/sql.js';
import { createCreditListRepository } from '../../repositories/credit-lists.js';

/**
 * Published credit promises (信用承诺: xycnBook, KeepPromisetDetail; only 已公示 ones are public)
 * and the checks that found them kept (守信践诺: xscnList, xylygsDetail).
 */
const promiseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const lists = createCreditListRepository(app.db, app.site);

  serve(app, CONTRACTS.promiseList, async (request) => {
    const { keyword, pageIndex = 1, pageSize = PAGE_SIZE.default } = request.query;
    const page = lists.promises({
      keyword: normalizeKeyword(keyword) || undefined,
      offset: pageOffset(pageIndex, pageSize),
      limit: pageSize,
    });
    return errorCodeOk({ list: page.rows, totalCount: page.total });
  });

  serve(app, CONTRACTS.promiseDetail, async (request) => {
    const promise = lists.promise(request.query.id);
    if (!promise) throw new NotFoundError(NOT_FOUND_MESSAGES.record);
    return errorCodeOk(promise);
  });

  serve(app, CONTRACTS.promiseFulfilmentList, async (request) => {
    const { keyword, pageIndex = 1, pageSize = PAGE_SIZE.default } = request.query;
    const page = lists.fulfilments({
      keyword: normalizeKeyword(keyword) || undefined,
      offset: pageOffset(pageIndex, pageSize),
      limit: pageSize,
    });
    return errorCodeOk({ list: page.rows, totalCount: page.total });
  });

  serve(app, CONTRACTS.promiseFulfilmentDetail, async (request) => {
    const fulfilment = lists.fulfilment(request.query.id);
    if (!fulfilment) throw new NotFoundError(NOT_FOUND_MESSAGES.record);
    return errorCodeOk(fulfilment);
  });
};

export default promiseRoutes;
