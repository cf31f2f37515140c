import type { Database } from 'better-sqlite3';
import { CONTENT_SECTIONS } from '@credit-portal/shared';
import type { ContentDetail, ContentListItem, ContentPage, Flipbook, ImageLink } from '@credit-portal/shared';
import type { FlipbookPageSpec, ImageSpec } from '../media/svg.js';
import { flipbookPagePath } from '../media/paths.js';
import { containsPattern, pageOffset } from '../lib/sql.js';

interface ContentRecord {
  record_id: string;
  category_id: string;
  title: string;
  summary: string;
  body_html: string;
  author: string;
  source: string;
  release_date: string;
  top: number;
  is_url: '0' | '1';
  url: string;
  url_base: 'absolute' | 'old-site';
  image_url: string | null;
  extra: string | null;
}

export interface ContentListFilter {
  categoryId: string;
  /** '' for the main portal, else a district site's cmsBaseId. */
  siteId: string;
  searchWord?: string;
  /** Only records with an image (showImage '1'). */
  imagesOnly: boolean;
  pageIndex: number;
  pageSize: number;
}

const LIST_COLUMNS =
  'record_id, category_id, title, summary, release_date, top, is_url, url, url_base, image_url, extra';
const LIST_WHERE = `category_id = @categoryId AND site_id = @siteId
  AND (@images = 0 OR image_url IS NOT NULL)
  AND (@like IS NULL OR title LIKE @like ESCAPE '\\' OR body_text LIKE @like ESCAPE '\\')`;
// Pinned first, then newest; static pages of one date keep their editorial order.
const LIST_ORDER = 'ORDER BY top DESC, release_date DESC, sort_order, record_id DESC';

/** CMS content: article lists and details, image links, flipbooks and the images they show. */
export function createContentRepository(db: Database, options: { oldSiteUrl: string }) {
  const oldSite = options.oldSiteUrl.replace(/\/+$/, '');
  const urlOf = (row: Pick<ContentRecord, 'url' | 'url_base'>) =>
    row.url_base === 'old-site' ? oldSite + row.url : row.url;

  const count = db.prepare(`SELECT COUNT(*) FROM content WHERE ${LIST_WHERE}`).pluck();
  const page = db.prepare(
    `SELECT ${LIST_COLUMNS} FROM content WHERE ${LIST_WHERE} ${LIST_ORDER} LIMIT @limit OFFSET @offset`,
  );
  const detail = db.prepare('SELECT * FROM content WHERE record_id = ?');
  const imageLinks = db.prepare(
    `SELECT ${LIST_COLUMNS} FROM content WHERE category_id = ? AND site_id = '' AND image_url IS NOT NULL
     ORDER BY sort_order, record_id`,
  );
  const flipbookPages = db.prepare('SELECT page_no FROM flipbook_pages WHERE record_id = ? ORDER BY page_no').pluck();
  const flipbookPage = db.prepare(
    `SELECT c.title AS bookTitle, p.page_no AS pageNo, p.heading, p.body,
       (SELECT COUNT(*) FROM flipbook_pages WHERE record_id = p.record_id) AS pageCount
     FROM flipbook_pages p JOIN content c ON c.record_id = p.record_id
     WHERE p.record_id = ? AND p.page_no = ?`,
  );
  const image = db.prepare('SELECT name, kind, title, subtitle, width, height, hue FROM media_images WHERE name = ?');

  const toListItem = (row: ContentRecord): ContentListItem => ({
    record_id: row.record_id,
    content_title: row.title,
    is_url: row.is_url,
    url: urlOf(row),
    release_date: row.release_date,
    category_id: row.category_id,
    ...(row.image_url ? { image_url: row.image_url } : {}),
    summary: row.summary,
    top: row.top === 1,
  });

  const params = (filter: ContentListFilter) => ({
    categoryId: filter.categoryId,
    siteId: filter.siteId,
    images: filter.imagesOnly ? 1 : 0,
    like: filter.searchWord ? containsPattern(filter.searchWord) : null,
  });

  return {
    /** One page of a category, pinned first then newest; searchWord matches title and body text. */
    list(filter: ContentListFilter): ContentPage {
      const where = params(filter);
      const rows = page.all({
        ...where,
        limit: filter.pageSize,
        offset: pageOffset(filter.pageIndex, filter.pageSize),
      }) as ContentRecord[];
      return { list: rows.map(toListItem), totalCount: count.get(where) as number };
    },

    detail(recordId: string): ContentDetail | undefined {
      const row = detail.get(recordId) as ContentRecord | undefined;
      if (!row) return undefined;
      return {
        record_id: row.record_id,
        content_title: row.title,
        category_id: row.category_id,
        content: row.body_html,
        author: row.author,
        source: row.source,
        release_date: row.release_date,
        is_url: row.is_url,
        url: urlOf(row),
        ...(row.image_url ? { image_url: row.image_url } : {}),
        ...(row.extra ? { extra: JSON.parse(row.extra) as Record<string, string> } : {}),
      };
    },

    /** Banners, QR codes, leaders' photos: the image records of a main-portal category, in editorial order. */
    imageLinks(categoryId: string): ImageLink[] {
      return (imageLinks.all(categoryId) as ContentRecord[]).map((row) => ({
        record_id: row.record_id,
        content_title: row.title,
        image_url: row.image_url!,
        is_url: row.is_url,
        url: urlOf(row),
        ...(row.extra ? { extra: JSON.parse(row.extra) as Record<string, string> } : {}),
      }));
    },

    /** A credit reading book with its page images; undefined when the record is not a book. */
    flipbook(recordId: string): Flipbook | undefined {
      const row = detail.get(recordId) as ContentRecord | undefined;
      if (!row || row.category_id !== CONTENT_SECTIONS.flipbooks.categoryId) return undefined;
      const pages = flipbookPages.all(recordId) as number[];
      return { title: row.title, data: pages.map((n) => ({ file_Url: flipbookPagePath(recordId, n) })) };
    },

    flipbookPage(recordId: string, pageNo: number): FlipbookPageSpec | undefined {
      return flipbookPage.get(recordId, pageNo) as FlipbookPageSpec | undefined;
    },

    image(name: string): ImageSpec | undefined {
      return image.get(name) as ImageSpec | undefined;
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
