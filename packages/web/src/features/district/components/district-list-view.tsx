import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { KeywordSearchBar } from '@/components/keyword-search-bar';
import { PagedList } from '@/components/paged-list';
import { RecordTable } from '@/components/record-table';
import type { PublicityKind } from '@/components/publicity-fields';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate } from '@/lib/format';
import { PAGE_SIZE } from '@credit-portal/shared';
import { useDistrictList, type DistrictKey } from '../api/get-district';
import { DETAIL_VIEW, DISTRICT_KEYS, districtViewPath } from '../district-view';
import styles from './area-details-page.module.css';

const TITLES: Readonly<Record<PublicityKind, string>> = { licence: '行政许可公示', penalty: '行政处罚公示' };
const DOC_NO: Readonly<Record<PublicityKind, string>> = { licence: '许可文书号', penalty: '处罚文书号' };

/** Views 2 and 3: a district's whole licence or penalty list, searched by counterpart or document number. */
export function DistrictListView({ kind, districtKey }: { kind: PublicityKind; districtKey: DistrictKey }) {
  const { page, keyword, go } = useListParams({ keep: [...DISTRICT_KEYS, 'view'] });
  const query = useDistrictList(kind, { recordId: districtKey.recordId, pageIndex: page, searchWord: keyword });
  const pageSize = PAGE_SIZE.publicity;
  return (
    <section className={styles.view} aria-labelledby="district-view-title">
      <header className={styles.viewHeader}>
        <Link to={districtViewPath(districtKey, 1)} className={styles.back} aria-label="返回区县首页">
          <ArrowLeftOutlined aria-hidden />
        </Link>
        <h2 id="district-view-title" className={styles.viewTitle}>
          {TITLES[kind]}
        </h2>
      </header>
      <KeywordSearchBar
        value={keyword}
        label="行政相对人名称或文书号"
        placeholder="请输入行政相对人名称或文书号"
        onSearch={(text) => go({ keyword: text })}
        onReset={() => go({ keyword: '' })}
      />
      <PagedList
        query={query}
        page={page}
        pageSize={pageSize}
        onPageChange={(next) => go({ page: next })}
        summary={keyword ? (total) => `“${keyword}”共找到 ${total} 条` : undefined}
      >
        {(rows) => (
          <RecordTable
            rows={rows}
            rowKey={(row) => row.id}
            cardTitle={(row) => row.counterpart}
            detailPath={(row) => districtViewPath(districtKey, DETAIL_VIEW[kind], { id: row.id })}
            firstNumber={(page - 1) * pageSize + 1}
            columns={[
              { title: DOC_NO[kind], render: (row) => row.docNo || '—' },
              { title: '行政相对人名称', render: (row) => row.counterpart },
              { title: '决定日期', width: 120, render: (row) => formatDate(row.date) },
            ]}
          />
        )}
      </PagedList>
    </section>
  );
}
