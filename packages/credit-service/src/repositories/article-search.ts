import type { Database } from 'better-sqlite3';
import { ARTICLE_SEARCH_SECTIONS, CONTENT_SECTIONS, type ArticleSearchPage } from '@credit-portal/shared';
import { containsPattern, pageOffset } from '../lib/sql.js';

/* Article search over every article section of the CMS content table (the portal's search page). */

const ARTICLE_CATEGORIES = ARTICLE_SEARCH_SECTIONS.map((key) => CONTENT_SECTIONS[key].categoryId);

interface ArticleRow {
  record_id: string;
  category_id: string;
  title: string;
  summary: string;
  author: string;
  release_date: string;
  top: number;
  is_url: '0' | '1';
  url: string;
  url_base: 'absolute' | 'old-site';
}

export interface ArticleSearchFilter {
  searchWord?: string;
  /** Only these sections; must be article sections (others are ignored). */
  categoryIds?: readonly string[];
  pageIndex: number;
  pageSize: number;
}

export function createArticleSearchRepository(db: Database, options: { oldSiteUrl: string }) {
  const oldSite = options.oldSiteUrl.replace(/\/+$/, '');
  const articleWhere = `site_id = '' AND category_id IN (SELECT value FROM json_each(@categories))
    AND (@like IS NULL OR title LIKE @like ESCAPE '\\' OR body_text LIKE @like ESCAPE '\\')`;
  const articleCount = db.prepare(`SELECT COUNT(*) FROM content WHERE ${articleWhere}`).pluck();
  const articlePage = db.prepare(
    `SELECT record_id, category_id, title, summary, author, release_date, top, is_url, url, url_base
     FROM content WHERE ${articleWhere}
     ORDER BY top DESC, release_date DESC, record_id DESC LIMIT @limit OFFSET @offset`,
  );

  return {
    /** Articles of every article section (or of the given ones), pinned first, then newest. */
    searchArticles(filter: ArticleSearchFilter): ArticleSearchPage {
      const wanted = filter.categoryIds?.length
        ? ARTICLE_CATEGORIES.filter((id) => filter.categoryIds!.includes(id))
        : ARTICLE_CATEGORIES;
      const where = {
        categories: JSON.stringify(wanted),
        like: filter.searchWord ? containsPattern(filter.searchWord) : null,
      };
      const rows = articlePage.all({
        ...where,
        limit: filter.pageSize,
        offset: pageOffset(filter.pageIndex, filter.pageSize),
      }) as ArticleRow[];
      return {
        list: rows.map((row) => ({
          id: row.record_id,
          title: row.title,
          content: row.summary,
          author: row.author,
          date: row.release_date,
          top: row.top === 1,
          category_id: row.category_id,
          is_url: row.is_url,
          url: row.url_base === 'old-site' ? oldSite + row.url : row.url,
        })),
        totalCount: articleCount.get(where) as number,
      };
    },
  };
}

export type ArticleSearchRepository = ReturnType<typeof createArticleSearchRepository>;
