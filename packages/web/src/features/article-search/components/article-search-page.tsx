import { Select } from 'antd';
import {
  ARTICLE_SEARCH_SECTIONS,
  CONTENT_SECTIONS,
  PAGE_SIZE,
  sectionOfCategory,
  type ArticleSearchItem,
} from '@credit-portal/shared';
import { useId } from 'react';
import { KeywordSearchBar } from '@/components/keyword-search-bar';
import { PagedList } from '@/components/paged-list';
import { useListParams } from '@/hooks/use-list-params';
import { ArticleListItem } from '@/components/article-list-item';
import { detailsPath, paths } from '@/lib/paths';
import { useArticleSearch } from '../api/search-articles';
import styles from './article-search-page.module.css';

const SECTION_OPTIONS = [
  { value: '', label: '全部栏目' },
  ...ARTICLE_SEARCH_SECTIONS.map((key) => ({
    value: CONTENT_SECTIONS[key].categoryId,
    label: CONTENT_SECTIONS[key].label,
  })),
];

/** A section filter from the address: one of the searchable sections' category ids. */
const sectionFromQuery = (value: string | null): string | undefined =>
  SECTION_OPTIONS.some((option) => option.value === value) ? (value ?? undefined) : undefined;

const sectionLabel = (item: ArticleSearchItem): string | undefined => {
  const key = sectionOfCategory(item.category_id);
  return key ? CONTENT_SECTIONS[key].label : undefined;
};

/**
 * index/articleList: the article search over every section (spec §2.1). Results are article
 * list items (title, [置顶], excerpt, author, date); a title opens zcfgDetails in a new tab.
 * Keyword, section and page live in the address.
 */
export default function ArticleSearchPage() {
  const { page, keyword, filters, go } = useListParams({ filters: { section: sectionFromQuery } });
  const categoryId = filters.section;
  const pageSize = PAGE_SIZE.article;
  const sectionSelectId = useId();
  const query = useArticleSearch({
    ...(keyword ? { searchWord: keyword } : {}),
    ...(categoryId ? { categoryIds: [categoryId] } : {}),
    pageIndex: page,
    pageSize,
  });

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>文章检索</h1>
      <div className={styles.filters}>
        <KeywordSearchBar
          value={keyword}
          label="文章关键字"
          placeholder="请输入标题或正文关键字"
          onSearch={(text) => go({ keyword: text })}
          onReset={() => go({ keyword: '', section: '' })}
        />
        <div className={styles.section}>
          <label htmlFor={sectionSelectId}>栏目</label>
          <Select
            id={sectionSelectId}
            className={styles.select}
            value={categoryId}
            options={SECTION_OPTIONS}
            onChange={(value: string) => go({ section: value })}
          />
        </div>
      </div>
      <PagedList
        query={query}
        page={page}
        pageSize={pageSize}
        onPageChange={(next) => go({ page: next })}
        summary={(total) => `${keyword ? `“${keyword}”` : '全部文章'}共 ${total} 篇`}
      >
        {(items) => (
          <div>
            {items.map((item) => (
              <ArticleListItem
                key={item.id}
                article={item}
                tag={sectionLabel(item)}
                target={
                  item.is_url === '1'
                    ? { kind: 'external', url: item.url }
                    : { kind: 'details', path: detailsPath(paths.policyArticle, item.id), newTab: true }
                }
              />
            ))}
          </div>
        )}
      </PagedList>
    </div>
  );
}
