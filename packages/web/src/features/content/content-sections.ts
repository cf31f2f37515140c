import {
  CONTENT_SECTIONS,
  type ArticleListItem,
  type ContentListItem,
  type ContentSectionKey,
} from '@credit-portal/shared';

/** A CMS section as a page shows it: its category, label, and where its items open. */
export interface SectionLink {
  section: ContentSectionKey;
  /** The section's list page; absent while the section has no list route. */
  listPath?: string;
  /** The details page its items open (query id). */
  detailsBase: string;
}

/** The category id and label of a section key. */
export const sectionInfo = (key: ContentSectionKey) => CONTENT_SECTIONS[key];

/** A CMS list item as the article list item of spec §3 shows it. */
export function toArticle(item: ContentListItem): ArticleListItem {
  return {
    id: item.record_id,
    title: item.content_title,
    content: item.summary ?? '',
    author: '',
    date: item.release_date ?? '',
    top: item.top ?? false,
  };
}
