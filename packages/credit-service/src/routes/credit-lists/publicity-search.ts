import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS, PAGE_SIZE, normalizeKeyword } from '@credit-portal/shared';
import { localToday } from '../../lib/dates.js';
import { errorCodeOk } from '../../lib/dialect.js';
import { serve } from '../../lib/serve.js';
import { pageOffset } from '../../lib/sql.js';
import { createPublicityRepository } from '../../repositories/publicity.js';

/**
 * The double-disclosure searches of the xygsList page (spec §7): licences by counterpart name or
 * document number, penalties in publicity likewise. The keyword is normalized (half-width,
 * trimmed, a credit code upper-cased) and matched literally; an empty one lists everything.
 */
const publicitySearchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const publicity = createPublicityRepository(app.db);

  serve(app, CONTRACTS.permitSearch, async (request) => {
    const { entNameOrLicenseDocNo, pageIndex = 1, pageSize = PAGE_SIZE.default } = request.query;
    const page = publicity.licenceSearch({
      searchWord: normalizeKeyword(entNameOrLicenseDocNo) || undefined,
      offset: pageOffset(pageIndex, pageSize),
      limit: pageSize,
    });
    return errorCodeOk({ list: page.rows, totalCount: page.total });
  });

  serve(app, CONTRACTS.punishSearch, async (request) => {
    const { entNameOrPunishDocNo, pageIndex = 1, pageSize = PAGE_SIZE.default } = request.query;
    const page = publicity.penaltySearch(
      {
        searchWord: normalizeKeyword(entNameOrPunishDocNo) || undefined,
        offset: pageOffset(pageIndex, pageSize),
        limit: pageSize,
      },
      localToday(),
    );
    return errorCodeOk({ list: page.rows, totalCount: page.total });
  });
};

export default publicitySearchRoutes;
