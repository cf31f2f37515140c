import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { CONTRACTS, PAGE_SIZE } from '@credit-portal/shared';
import { msgOk } from '../../lib/dialect.js';
import { serve } from '../../lib/serve.js';
import { NOT_FOUND_MESSAGES, NotFoundError } from '../../lib/errors.js';
import { createContentRepository } from '../../repositories/content.js';

export interface ContentRouteOptions {
  /** Base of the older site, for content that links there. */
  oldSiteUrl: string;
}

/** Portal content (POST, JSON bodies): lists, the home page's several lists, details, image links, flipbooks. */
const contentRoutes: FastifyPluginAsyncTypebox<ContentRouteOptions> = async (app, options) => {
  const content = createContentRepository(app.db, { oldSiteUrl: options.oldSiteUrl });

  serve(app, CONTRACTS.contentList, async (request) => {
    const query = request.body;
    return msgOk(
      content.list({
        categoryId: query.categoryId,
        siteId: query.cmsBaseId ?? '',
        searchWord: query.searchWord?.trim() || undefined,
        imagesOnly: query.showImage === '1',
        pageIndex: query.pageIndex ?? 1,
        pageSize: query.pageSize ?? PAGE_SIZE.article,
      }),
    );
  });

  serve(app, CONTRACTS.contentListAll, async (request) => {
    const pageSize = request.body.pageSize ?? PAGE_SIZE.article;
    const lists = Object.fromEntries(
      request.body.categoryIds.map((categoryId) => [
        categoryId,
        content.list({ categoryId, siteId: '', imagesOnly: false, pageIndex: 1, pageSize }).list,
      ]),
    );
    return msgOk(lists);
  });

  serve(app, CONTRACTS.contentDetail, async (request) => {
    const detail = content.detail(request.body.recordId);
    if (!detail) throw new NotFoundError(NOT_FOUND_MESSAGES.content);
    return msgOk(detail);
  });

  serve(app, CONTRACTS.imageLinkList, async (request) => msgOk(content.imageLinks(request.body.categoryId)));

  serve(app, CONTRACTS.flipbook, async (request) => {
    const book = content.flipbook(request.body.recordId);
    if (!book) throw new NotFoundError(NOT_FOUND_MESSAGES.content);
    return msgOk(book);
  });
};

export default contentRoutes;
