import { Grid, Table } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { KeywordSearchBar } from '@/components/keyword-search-bar';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import type { PublicityKind } from '@/components/publicity-fields';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate } from '@/lib/format';
import { PAGE_SIZE } from '@credit-portal/shared';
import { useDistrictList, type DistrictKey, type DistrictListRow } from '../api/get-district';
import { DETAIL_VIEW, DISTRICT_KEYS, districtViewPath } from '../district-view';
import styles from './area-details-page.module.css';

const TITLES: Readonly<Record<PublicityKind, string>> = { licence: '行政许可公示', penalty: '行政处罚公示' };
const DOC_NO: Readonly<Record<PublicityKind, string>> = { licence: '许可文书号', penalty: '处罚文书号' };

/** Views 2 and 3: a district's whole licence or penalty list, searched by counterpart or document number. */
export function DistrictListView({ kind, districtKey }: { kind: PublicityKind; districtKey: DistrictKey }) {
  const { page, keyword, go } = useListParams({ keep: [...DISTRICT_KEYS, 'view'] });
  const query = useDistrictList(kind, { recordId: districtKey.recordId, pageIndex: page, searchWord: keyword });
  const pageSize = PAGE_SIZE.publicity;
  // A five-column table does not fit a phone: there each row is a card.
  const wide = Grid.useBreakpoint().md ?? true;
  const detailPath = (row: DistrictListRow) => districtViewPath(districtKey, DETAIL_VIEW[kind], { id: row.id });
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
      <QueryState query={query} skeletonRows={pageSize} size="page">
        {(result) => (
          <>
            {keyword ? (
              <p className={styles.summary} aria-live="polite">
                “{keyword}”共找到 {result.totalCount} 条
              </p>
            ) : null}
            {wide ? (
              <Table<DistrictListRow>
                rowKey="id"
                dataSource={result.list}
                pagination={false}
                loading={query.isValidating && !query.isLoading}
                scroll={{ x: 640 }}
                locale={{ emptyText: '暂无数据' }}
                columns={[
                  {
                    title: '序号',
                    key: 'index',
                    width: 72,
                    align: 'center',
                    render: (_value, _row, index) => (page - 1) * pageSize + index + 1,
                  },
                  { title: DOC_NO[kind], dataIndex: 'docNo', key: 'docNo' },
                  { title: '行政相对人名称', dataIndex: 'counterpart', key: 'counterpart' },
                  {
                    title: '决定日期',
                    dataIndex: 'date',
                    key: 'date',
                    width: 120,
                    render: (value: string) => formatDate(value),
                  },
                  {
                    title: '操作',
                    key: 'action',
                    width: 110,
                    render: (_value, row) => (
                      <Link to={detailPath(row)} aria-label={`查看详情：${row.counterpart}`}>
                        查看详情
                      </Link>
                    ),
                  },
                ]}
              />
            ) : (
              <ol className={styles.rowCards} start={(page - 1) * pageSize + 1}>
                {result.list.map((row) => (
                  <li key={row.id} className={styles.rowCard}>
                    <p className={styles.rowName}>{row.counterpart}</p>
                    <p className={styles.rowMeta}>
                      {DOC_NO[kind]}：{row.docNo || '—'}
                    </p>
                    <p className={styles.rowMeta}>决定日期：{formatDate(row.date)}</p>
                    <Link to={detailPath(row)} className={styles.rowAction} aria-label={`查看详情：${row.counterpart}`}>
                      查看详情
                    </Link>
                  </li>
                ))}
              </ol>
            )}
            <Pager
              current={page}
              total={result.totalCount}
              pageSize={pageSize}
              onChange={(next) => go({ page: next })}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
