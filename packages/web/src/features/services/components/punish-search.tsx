import { PAGE_SIZE, type RepairPunishRow } from '@credit-portal/shared';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { KeywordSearchBar } from '@/components/keyword-search-bar';
import { PagedList } from '@/components/paged-list';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { useListParams } from '@/hooks/use-list-params';
import { paths, withQuery } from '@/lib/paths';
import { usePunishSearch } from '../api/search-punishments';
import styles from './services.module.css';

export type FilingKind = 'repair' | 'objection';

const KIND = {
  repair: { action: '申请修复', form: paths.creditRepairReport, can: (row: RepairPunishRow) => row.Repairable },
  objection: {
    action: '提出异议',
    form: paths.creditObjectionReport,
    can: (row: RepairPunishRow) => row.Objectionable,
  },
} as const;

/** The filing form of a penalty: its id, and its document number to find it again. */
export const filingPath = (kind: FilingKind, row: RepairPunishRow): string =>
  withQuery(KIND[kind].form, { punishId: row.id, docNo: row.CF_WSH });

/** The state of a penalty as a tag: 正常 (in publicity), 信用修复中, 异议处理中. */
export function PunishStatusTag({ status }: { status: string }) {
  const color = status === '正常' ? 'default' : status === '异议处理中' ? 'warning' : 'processing';
  return <Tag color={color}>{status === '正常' ? '公示中' : status}</Tag>;
}

const COLUMNS: readonly RecordColumn<RepairPunishRow>[] = [
  { title: '行政处罚决定书文号', render: (row) => row.CF_WSH },
  { title: '行政相对人', render: (row) => row.CF_XDR_MC },
  { title: '处罚类别', render: (row) => row.CF_CFLB, width: 120 },
  { title: '决定日期', render: (row) => row.CF_JDRQ, width: 116 },
  { title: '公示截止', render: (row) => row.CF_GSJZQ, width: 116 },
  { title: '状态', render: (row) => <PunishStatusTag status={row.CF_ZT} />, width: 110 },
];

/**
 * The penalty search a repair or an objection starts from: by entity name, credit code or
 * document number (keyword and page in the address); a row that can take the filing leads to its
 * form, another says why it cannot.
 */
export function PunishSearch({ kind }: { kind: FilingKind }) {
  const { page, keyword, go } = useListParams();
  const pageSize = PAGE_SIZE.publicity;
  const query = usePunishSearch({ keyword, pageIndex: page, pageSize });
  const action: RecordColumn<RepairPunishRow> = {
    title: '操作',
    width: 150,
    render: (row) =>
      KIND[kind].can(row) ? (
        <Link to={filingPath(kind, row)} aria-label={`${KIND[kind].action}：${row.CF_WSH}`}>
          {KIND[kind].action}
        </Link>
      ) : (
        <span className={styles.meta}>{row.Note || '暂不可申请'}</span>
      ),
  };
  return (
    <>
      <KeywordSearchBar
        value={keyword}
        label="企业名称、统一社会信用代码或处罚决定书文号"
        placeholder="请输入企业名称、统一社会信用代码或行政处罚决定书文号"
        onSearch={(text) => go({ keyword: text })}
        onReset={() => go({ keyword: '' })}
      />
      {keyword ? (
        <PagedList
          query={query}
          page={page}
          pageSize={pageSize}
          onPageChange={(next) => go({ page: next })}
          summary={(total) => `“${keyword}”共找到 ${total} 条公示中的行政处罚`}
        >
          {(rows) => (
            <RecordTable
              rows={rows}
              columns={[...COLUMNS, action]}
              rowKey={(row) => row.id}
              cardTitle={(row) => row.CF_XDR_MC}
              firstNumber={(page - 1) * pageSize + 1}
            />
          )}
        </PagedList>
      ) : (
        <p className={styles.intro}>请输入企业名称、统一社会信用代码或处罚决定书文号查询公示中的行政处罚记录。</p>
      )}
    </>
  );
}
