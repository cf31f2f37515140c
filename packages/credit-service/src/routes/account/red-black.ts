import { CONTRACTS, PAGE_SIZE, normalizeKeyword } from '@credit-portal/shared';
import { localToday } from '../../lib/dates.js';
import { errorCodeOk } from '../../lib/dialect.js';
import { NOT_FOUND_MESSAGES, NotFoundError } from '../../lib/errors.js';
import { pageOffset } from '../../lib/sql.js';
import { createCreditListRepository } from '../../repositories/credit-lists.js';
import { serve } from '../../lib/serve.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';

/**
 * The red and black lists (spec §7: POST redblackinfo with a bearer token) and one entry's
 * detail (XygsDetailsRed / XygsDetailsRedMore). Only entries in force are shown; without a valid
 * token both answer 401 用户未登录！ before any validation.
 */
export function registerRedBlackRoutes(app: TypeboxApp): void {
  const { auth } = app;
  const lists = createCreditListRepository(app.db, app.site);

  serve(
    app,
    CONTRACTS.redBlackList,
    async (request) => {
      const { listType, keyword, pageIndex = 1, pageSize = PAGE_SIZE.default } = request.body;
      const page = lists.redBlack(
        {
          listType,
          keyword: normalizeKeyword(keyword) || undefined,
          offset: pageOffset(pageIndex, pageSize),
          limit: pageSize,
        },
        localToday(),
      );
      return errorCodeOk({ list: page.rows, totalCount: page.total });
    },
    { onRequest: auth.requireLogin },
  );

  serve(
    app,
    CONTRACTS.redBlackDetail,
    async (request) => {
      const entry = lists.redBlackEntry(request.query.id, localToday());
      if (entry === 'expired') throw new NotFoundError(NOT_FOUND_MESSAGES.expired);
      if (!entry) throw new NotFoundError(NOT_FOUND_MESSAGES.record);
      return errorCodeOk(entry);
    },
    { onRequest: auth.requireLogin },
  );
}
