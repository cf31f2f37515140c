import { Button, Result } from 'antd';
import { PAGE_SIZE, sectionOfCategory, type ContentSectionKey } from '@credit-portal/shared';
import { useSearchParams } from 'react-router';
import { KeywordSearchBar } from '@/components/keyword-search-bar';
import { PagedList } from '@/components/paged-list';
import { useListParams } from '@/hooks/use-list-params';
import { detailsPath, hashHref, paths } from '@/lib/paths';
import { useContentList } from '../api/get-content-list';
import { sectionInfo, toArticle } from '../content-sections';
import { ArticleListItem } from '@/components/article-list-item';
import styles from './content-page.module.css';

export interface ContentListPageProps {
  /** The section listed; without it the page lists the category named by the address (?id=&dataFlag=). */
  section?: ContentSectionKey;
  /** The details page the titles open (query id). */
  detailsBase: string;
}

/** The label of a category id from the address: its section's, or a neutral one for ids the portal does not name. */
function categoryLabel(categoryId: string): string {
  const key = sectionOfCategory(categoryId);
  return key ? sectionInfo(key).label : '信息列表';
}

/**
 * The generic list of a CMS section: keyword search with reset, 8 articles per page (spec §9),
 * page and keyword kept in the address (?page=&keyword=) so a list can be bookmarked and shared.
 * As index/list it lists any category by its id, passing dataFlag on to the CMS.
 */
export default function ContentListPage({ section, detailsBase }: ContentListPageProps) {
  // index/list keeps naming its category in the address.
  const { page, keyword, go } = useListParams({ keep: section ? [] : ['id', 'dataFlag'] });
  const [searchParams] = useSearchParams();
  const queryId = (searchParams.get('id') ?? '').trim();
  const dataFlag = (searchParams.get('dataFlag') ?? '').trim();
  const categoryId = section ? sectionInfo(section).categoryId : queryId;
  const label = section ? sectionInfo(section).label : categoryLabel(queryId);
  const pageSize = PAGE_SIZE.article;
  const query = useContentList(
    categoryId ? { categoryId, pageIndex: page, pageSize, searchWord: keyword, dataFlag } : null,
  );

  if (!categoryId) {
    return (
      <div className={styles.page}>
        <Result
          status="404"
          title="未找到该栏目"
          subTitle="链接中缺少栏目编号，请从网站地图重新进入。"
          extra={
            <Button type="primary" href={hashHref(paths.webMap)}>
              查看网站地图
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{label}</h1>
      <KeywordSearchBar
        value={keyword}
        label="标题关键字"
        placeholder="请输入标题关键字"
        onSearch={(text) => go({ keyword: text })}
        onReset={() => go({ keyword: '' })}
      />
      <PagedList
        query={query}
        page={page}
        pageSize={pageSize}
        onPageChange={(next) => go({ page: next })}
        summary={keyword ? (total) => `“${keyword}”共找到 ${total} 条结果` : undefined}
      >
        {(items) => (
          <div className={styles.articles}>
            {items.map((item) => (
              <ArticleListItem
                key={item.record_id}
                article={toArticle(item)}
                target={
                  item.is_url === '1'
                    ? { kind: 'external', url: item.url }
                    : { kind: 'details', path: detailsPath(detailsBase, item.record_id) }
                }
              />
            ))}
          </div>
        )}
      </PagedList>
    </div>
  );
}
