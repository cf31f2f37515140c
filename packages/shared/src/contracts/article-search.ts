import { defineRoute } from '../api.js';
import { ARTICLE_SEARCH_HEADS as HEADS } from '../heads/article-search.js';
import { ArticleSearchPageSchema, ArticleSearchQuerySchema } from '../schemas/article-search.js';

/** The heads of heads/article-search.ts with their schemas, by the same names. */
export const ARTICLE_SEARCH_CONTRACTS = {
  articleSearch: defineRoute(HEADS.articleSearch, {
    body: ArticleSearchQuerySchema,
    data: ArticleSearchPageSchema,
  }),
};
