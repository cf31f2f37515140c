import { API_PATHS, defineRoute } from '../api.js';
import { ArticleSearchPageSchema, ArticleSearchQuerySchema } from '../schemas/article-search.js';

/** The article search over every article section (index/articleList). */
export const ARTICLE_SEARCH_CONTRACTS = {
  articleSearch: defineRoute({
    path: API_PATHS.articleSearch,
    // A search: unbounded in variety.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: ArticleSearchQuerySchema,
    data: ArticleSearchPageSchema,
  }),
};
