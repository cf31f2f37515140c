import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useWideScreen, WIDE_SCREEN_QUERY } from '@/hooks/use-media-query';
import { LiteSkeleton } from './lite/lite-skeleton';
import type WideRecordTableType from './record-table-wide';
import styles from './record-table.module.css';

const loadWideTable = () => import('./record-table-wide');
const WideRecordTable = lazy(loadWideTable) as unknown as typeof WideRecordTableType;
// A wide screen will draw the table: its chunk comes with the list's, not after the rows.
if (typeof window !== 'undefined' && window.matchMedia?.(WIDE_SCREEN_QUERY).matches) void loadWideTable();

/** One column of a record list: its heading and what a row shows in it. */
export interface RecordColumn<Row> {
  title: string;
  render: (row: Row) => ReactNode;
  /** Fixed width in px (numbers, dates). */
  width?: number;
  /** Kept on one line on a desktop (document numbers: a number broken over two lines reads as two). */
  nowrap?: boolean;
}

export interface RecordTableProps<Row> {
  rows: readonly Row[];
  columns: readonly RecordColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The card title of a row on a phone (usually the name), also naming its 查看详情 link. */
  cardTitle: (row: Row) => string;
  /** A row's detail page, when it has one: a 查看详情 column. */
  detailPath?: (row: Row) => string;
  /** The 序号 of the first row (page offset + 1). */
  firstNumber: number;
  /** Everything else a row has to say, behind 展开 (a row of its own on desktops, a disclosure in the card on phones). */
  more?: (row: Row) => ReactNode;
}

/**
 * A page of records as a table with 序号 and 查看详情 — and, on a phone, where five columns do
 * not fit, as numbered cards of label and value. The table is antd's, in a chunk of its own
 * (record-table-wide.tsx) that only a wide screen loads: a phone's list runs none of antd
 * (issue 27).
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
