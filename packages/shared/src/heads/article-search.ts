import { defineHead } from '../api.js';

/** The article search over every article section (index/articleList). */
export const ARTICLE_SEARCH_HEADS = {
  articleSearch: defineHead({
    // Not shown in the spec: chosen.
    path: '/Cms/articleSearch',
    // A search: unbounded in variety.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['content'] },
  }),
};
