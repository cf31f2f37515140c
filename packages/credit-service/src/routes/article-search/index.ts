import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS, PAGE_SIZE } from '@credit-portal/shared';
import { msgOk } from '../../lib/dialect.js';
import { serve } from '../../lib/serve.js';
import { createArticleSearchRepository } from '../../repositories/article-search.js';

export interface ArticleSearchRouteOptions {
  /** Base of the older site, for content that links there. */
  oldSiteUrl: string;
}

/** POST /Cms/articleSearch (msg dialect): article search over every article section. */
const articleSearchRoutes: FastifyPluginAsyncTypebox<ArticleSearchRouteOptions> = async (app, options) => {
  const articles = createArticleSearchRepository(app.db, { oldSiteUrl: options.oldSiteUrl });

  serve(app, CONTRACTS.articleSearch, async (request) => {
    const { searchWord, categoryIds, pageIndex, pageSize } = request.body;
    return msgOk(
      articles.searchArticles({
        searchWord: searchWord?.trim() || undefined,
        categoryIds,
        pageIndex: pageIndex ?? 1,
        pageSize: pageSize ?? PAGE_SIZE.article,
      }),
    );
  });
};

export default articleSearchRoutes;
