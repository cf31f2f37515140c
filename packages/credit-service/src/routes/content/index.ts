import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { CONTRACTS, PAGE_SIZE } from '@credit-portal/shared';
import { msgOk, msgResponses } from '../../lib/dialect.js';
import { NOT_FOUND_MESSAGES, NotFoundError } from '../../lib/errors.js';
import { createContentRepository } from '../../repositories/content.js';

export interface ContentRouteOptions {
  /** Base of the older site, for content that links there. */
  oldSiteUrl: string;
}

/** Portal content (POST, JSON bodies): lists, the home page's several lists, details, image links, flipbooks. */
const contentRoutes: FastifyPluginAsyncTypebox<ContentRouteOptions> = async (app, options) => {
  const content = createContentRepository(app.db, { oldSiteUrl: options.oldSiteUrl });

  app.post(
    CONTRACTS.contentList.path,
    { schema: { body: CONTRACTS.contentList.body, response: msgResponses(CONTRACTS.contentList.data) } },
    async (request) => {
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
    },
  );

  app.post(
    CONTRACTS.contentListAll.path,
    { schema: { body: CONTRACTS.contentListAll.body, response: msgResponses(CONTRACTS.contentListAll.data) } },
    async (request) => {
      const pageSize = request.body.pageSize ?? PAGE_SIZE.article;
      const lists = Object.fromEntries(
        request.body.categoryIds.map((categoryId) => [
          categoryId,
          content.list({ categoryId, siteId: '', imagesOnly: false, pageIndex: 1, pageSize }).list,
        ]),
      );
      return msgOk(lists);
    },
  );

  app.post(
    CONTRACTS.contentDetail.path,
    { schema: { body: CONTRACTS.contentDetail.body, response: msgResponses(CONTRACTS.contentDetail.data) } },
    async (request) => {
      const detail = content.detail(request.body.recordId);
      if (!detail) throw new NotFoundError(NOT_FOUND_MESSAGES.content);
      return msgOk(detail);
    },
  );

  app.post(
    CONTRACTS.imageLinkList.path,
    { schema: { body: CONTRACTS.imageLinkList.body, response: msgResponses(CONTRACTS.imageLinkList.data) } },
    async (request) => msgOk(content.imageLinks(request.body.categoryId)),
  );

  app.post(
    CONTRACTS.flipbook.path,
    { schema: { body: CONTRACTS.flipbook.body, response: msgResponses(CONTRACTS.flipbook.data) } },
    async (request) => {
      const book = content.flipbook(request.body.recordId);
      if (!book) throw new NotFoundError(NOT_FOUND_MESSAGES.content);
      return msgOk(book);
    },
  );
};

export default contentRoutes;
