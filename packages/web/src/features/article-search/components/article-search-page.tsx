import { Select } from 'antd';
import {
  ARTICLE_SEARCH_SECTIONS,
  CONTENT_SECTIONS,
  PAGE_SIZE,
  sectionOfCategory,
  type ArticleSearchItem,
} from '@credit-portal/shared';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { KeywordSearchBar } from '@/components/keyword-search-bar';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
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

const pageOf = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

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
  const [searchParams, setSearchParams] = useSearchParams();
  const keyword = (searchParams.get('keyword') ?? '').trim();
  const categoryId = SECTION_OPTIONS.some((o) => o.value === searchParams.get('section'))
    ? (searchParams.get('section') ?? '')
    : '';
  const page = pageOf(searchParams.get('page'));
  const pageSize = PAGE_SIZE.article;
  const sectionSelectId = useId();
  const { data, error, isLoading, mutate } = useArticleSearch({
    ...(keyword ? { searchWord: keyword } : {}),
    ...(categoryId ? { categoryIds: [categoryId] } : {}),
    pageIndex: page,
    pageSize,
  });

  const go = (next: { keyword?: string; section?: string; page?: number }) => {
    const query = new URLSearchParams();
    const nextKeyword = next.keyword ?? keyword;
    const nextSection = next.section ?? categoryId;
    const nextPage = next.page ?? 1;
    if (nextKeyword) query.set('keyword', nextKeyword);
    if (nextSection) query.set('section', nextSection);
    if (nextPage > 1) query.set('page', String(nextPage));
    setSearchParams(query);
  };

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
      <QueryState
        data={data}
        error={error}
        isLoading={isLoading}
        isEmpty={(result) => result.list.length === 0}
        onRetry={() => void mutate()}
        skeletonRows={8}
        size="page"
      >
        {(result) => (
          <>
            <p className={styles.summary} aria-live="polite">
              {keyword ? `“${keyword}”` : '全部文章'}共 {result.totalCount} 篇
            </p>
            <div>
              {result.list.map((item) => (
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
            <Pager
              current={page}
              total={result.totalCount}
              pageSize={pageSize}
              onChange={(next) => go({ page: next })}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
