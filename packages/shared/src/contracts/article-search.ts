import { defineRoute } from '../api.js';
import { ARTICLE_SEARCH_HEADS as HEADS } from '../heads/article-search.js';
import { ArticleSearchPageSchema, ArticleSearchQuerySchema } from '../schemas/article-search.js';

/** The article search over every article section (index/articleList). */
export const ARTICLE_SEARCH_CONTRACTS = {
  articleSearch: defineRoute(HEADS.articleSearch, {
    body: ArticleSearchQuerySchema,
    data: ArticleSearchPageSchema,
  }),
};
