import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { CONTRACTS, PAGE_SIZE } from '@credit-portal/shared';
import { localToday } from '../../lib/dates.js';
import { errorCodeOk, msgOk } from '../../lib/dialect.js';
import { serve } from '../../lib/serve.js';
import { NOT_FOUND_MESSAGES, NotFoundError } from '../../lib/errors.js';
import { pageOffset } from '../../lib/sql.js';
import { createContentRepository } from '../../repositories/content.js';
import { createDistrictRepository } from '../../repositories/district.js';
import { createPublicityRepository } from '../../repositories/publicity.js';
import type { ContentRouteOptions } from '../content/index.js';

/** The district site page (spec §2.2): site info, its lists and the licence and penalty details. */
const districtRoutes: FastifyPluginAsyncTypebox<ContentRouteOptions> = async (app, options) => {
  const districts = createDistrictRepository(app.db);
  const publicity = createPublicityRepository(app.db);
  const content = createContentRepository(app.db, { oldSiteUrl: options.oldSiteUrl });

  const siteOrThrow = (recordId: string) => {
    const site = districts.get(recordId);
    if (!site) throw new NotFoundError(NOT_FOUND_MESSAGES.site);
    return site;
  };

  serve(app, CONTRACTS.siteInfo, async (request) => {
    const site = siteOrThrow(request.query.recordId);
    const limit = request.query.pageSize ?? PAGE_SIZE.districtOverview;
    const first = { districtId: site.recordId, offset: 0, limit };
    return msgOk({
      recordId: site.recordId,
      siteName: site.siteName,
      layout: site.layout,
      categoryId: site.categoryId,
      cmsBaseId: site.cmsBaseId,
      xkInfo: publicity.licences(first).rows,
      cfInfo: publicity.penalties(first, localToday()).rows,
    });
  });

  serve(app, CONTRACTS.districtList, async () => msgOk(districts.list()));

  serve(app, CONTRACTS.districtContentList, async (request) => {
    const query = request.query;
    const page = content.list({
      categoryId: query.categoryId,
      siteId: query.cmsBaseId ?? '',
      searchWord: query.searchWord?.trim() || undefined,
      imagesOnly: query.showImage === '1',
      pageIndex: query.pageIndex ?? 1,
      pageSize: query.pageSize ?? PAGE_SIZE.article,
    });
    return msgOk(page.list);
  });

  serve(app, CONTRACTS.districtLicenceList, async (request) => {
    const { recordid, pageIndex = 1, pageSize = PAGE_SIZE.publicity, searchWord } = request.query;
    const site = siteOrThrow(recordid);
    const page = publicity.licences({
      districtId: site.recordId,
      searchWord: searchWord?.trim() || undefined,
      offset: pageOffset(pageIndex, pageSize),
      limit: pageSize,
    });
    return msgOk({ xkInfo: page.rows, totalCount: page.total });
  });

  serve(app, CONTRACTS.districtPenaltyList, async (request) => {
    const { recordid, pageIndex = 1, pageSize = PAGE_SIZE.publicity, searchWord } = request.query;
    const site = siteOrThrow(recordid);
    const page = publicity.penalties(
      {
        districtId: site.recordId,
        searchWord: searchWord?.trim() || undefined,
        offset: pageOffset(pageIndex, pageSize),
        limit: pageSize,
      },
      localToday(),
    );
    return msgOk({ cfInfo: page.rows, totalCount: page.total });
  });

  // The detail calls speak the errorCode dialect with a lowercase msg (spec §7).
  serve(app, CONTRACTS.districtLicenceDetail, async (request) => {
    const licence = publicity.licence(request.query.id);
    if (!licence) throw new NotFoundError(NOT_FOUND_MESSAGES.record);
    return errorCodeOk(licence, 'ok', 'msg');
  });

  serve(app, CONTRACTS.districtPenaltyDetail, async (request) => {
    const penalty = publicity.penalty(request.query.id, localToday());
    if (!penalty) throw new NotFoundError(NOT_FOUND_MESSAGES.record);
    return errorCodeOk(penalty, 'ok', 'msg');
  });
};

export default districtRoutes;
