import type { ArticleSearchPage, ArticleSearchQuery } from '@credit-portal/shared';
import { ARTICLE_SEARCH_HEADS } from '@credit-portal/shared/heads/article-search';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Searches the articles of every section, or of the given ones (POST /Cms/articleSearch). */
export function searchArticles(query: ArticleSearchQuery): Promise<ArticleSearchPage> {
  return call(ARTICLE_SEARCH_HEADS.articleSearch, { body: query });
}

export const articleSearchKey = (query: ArticleSearchQuery) =>
  [ARTICLE_SEARCH_HEADS.articleSearch.path, query] as const;

/** One page of search results; the previous page stays on screen while the next one loads. */
export function useArticleSearch(query: ArticleSearchQuery) {
  return useSWR(articleSearchKey(query), ([, key]) => searchArticles(key), { keepPreviousData: true });
}
