import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useWideScreen, WIDE_SCREEN_QUERY } from '@/hooks/use-media-query';
import { LiteSkeleton } from './lite/lite-skeleton';
import type WideRecordTableType from './record-table-wide';
import type { RecordTableProps } from './record-table-props';
import styles from './record-table.module.css';

export type { RecordColumn, RecordTableProps } from './record-table-props';

const loadWideTable = () => import('./record-table-wide');
const WideRecordTable = lazy(loadWideTable) as unknown as typeof WideRecordTableType;
// A wide screen will draw the table: its chunk comes with the list's, not after the rows.
if (typeof window !== 'undefined' && window.matchMedia?.(WIDE_SCREEN_QUERY).matches) void loadWideTable();

/**
 * A page of records as a table with 序号 and 查看详情 — and, on a phone, where five columns do
 * not fit, as numbered cards of label and value. The table is antd's, in a chunk of its own
 * (record-table-wide.tsx) that only a wide screen loads: a phone's list runs none of antd
 *.
 */
export function RecordTable<Row>({
  rows,
  columns,
  rowKey,
  cardTitle,
  detailPath,
  firstNumber,
  more,
}: RecordTableProps<Row>) {
  const wide = useWideScreen();
  const detail = (row: Row) =>
    detailPath ? (
      <Link to={detailPath(row)} aria-label={`查看详情：${cardTitle(row)}`}>
        查看详情
      </Link>
    ) : null;
  if (!wide) {
    return (
      <ol className={styles.cards} start={firstNumber}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={styles.card}>
            <p className={styles.cardTitle}>{cardTitle(row)}</p>
            <dl className={styles.cardFields}>
              {columns.map((column) => (
                <div key={column.title} className={styles.cardField}>
                  <dt>{column.title}</dt>
                  <dd>{column.render(row)}</dd>
                </div>
              ))}
            </dl>
            {more ? (
              <details className={styles.cardMore}>
                <summary>全部信息</summary>
                {more(row)}
              </details>
            ) : null}
            {detailPath ? <p className={styles.cardAction}>{detail(row)}</p> : null}
          </li>
        ))}
      </ol>
    );
  }
  return (
    <Suspense fallback={<LiteSkeleton rows={rows.length + 1} title={false} />}>
      <WideRecordTable
        rows={rows}
        columns={columns}
        rowKey={rowKey}
        detailPath={detailPath}
        firstNumber={firstNumber}
        more={more}
        detail={detail}
      />
    </Suspense>
  );
}
