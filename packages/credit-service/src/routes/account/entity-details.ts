import { CONTRACTS } from '@credit-portal/shared';
import { errorCodeOk } from '../../lib/dialect.js';
import { NOT_FOUND_MESSAGES, NotFoundError } from '../../lib/errors.js';
import { localToday } from '../../lib/dates.js';
import { serve } from '../../lib/serve.js';
import type { TypeboxApp } from '../../lib/typebox-app.js';
import type { EntityDetailRepository } from '../../repositories/entity-details.js';

/**
 * The entity details behind login (spec §6: entity details need login): entbaseinfos and
 * v2/entdetailinfo. Without a valid token they answer 用户未登录！, which the gateway turns into
 * its not_logged_in error (spec §7).
 */
export function registerEntityDetailRoutes(app: TypeboxApp, details: EntityDetailRepository): void {
  const { auth } = app;
  serve(
    app,
    CONTRACTS.entityBaseInfo,
    async (request) => {
      const info = details.baseInfo(request.query.id);
      if (!info) throw new NotFoundError(NOT_FOUND_MESSAGES.record);
      return errorCodeOk(info);
    },
    { onRequest: auth.requireLogin },
  );

  serve(
    app,
    CONTRACTS.entityDetailInfo,
    async (request) => {
      const info = details.detailInfo(request.query.id, localToday());
      if (!info) throw new NotFoundError(NOT_FOUND_MESSAGES.record);
      return errorCodeOk(info);
    },
    { onRequest: auth.requireLogin },
  );
}
