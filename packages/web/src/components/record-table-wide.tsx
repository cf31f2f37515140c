import { Table } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { AntdScope } from './antd-scope';
import type { RecordTableProps } from './record-table-props';
import styles from './record-table.module.css';

interface WideRecordTableProps<Row> extends Omit<RecordTableProps<Row>, 'cardTitle'> {
  /** A row's 查看详情 link, as the cards show it. */
  detail: (row: Row) => ReactNode;
}

/** A date, or a date and time, as the lists show them (2026-12-05, 2026-12-05 16:42). */
const DATE = /\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?/;
/** The same, captured: split() keeps the dates between the rest at odd places. */
const AROUND_DATES = new RegExp(`(${DATE.source})`);

/**
 * A cell's text with each date in it kept on one line: a browser may break after a hyphen, and
 * in a narrow column (长者模式's larger type) 2026-12-05 came out as 2026-12- over 05. The column
 * grows to fit instead (the table's layout is automatic). Anything but text is left as it is.
 */
function keepDatesWhole(value: ReactNode): ReactNode {
  if (typeof value !== 'string' || !DATE.test(value)) return value;
  const parts = value.split(AROUND_DATES);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className={styles.nowrap}>
        {part}
      </span>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

/**
 * A page of records as antd's table with 序号 and 查看详情 (record-table.tsx), as the default export
 * of its own chunk: loaded on wide screens only, so that a phone's list loads none of antd's table.
 */
export default function WideRecordTable<Row>({
  rows,
  columns,
  rowKey,
  detailPath,
  firstNumber,
  more,
  detail,
}: WideRecordTableProps<Row>) {
  return (
    <AntdScope>
      <Table<Row>
        className={styles.table}
        rowKey={rowKey}
        dataSource={[...rows]}
        pagination={false}
        scroll={{ x: 640 }}
        {...(more ? { expandable: { expandedRowRender: (row: Row) => more(row) } } : {})}
        columns={[
          {
            title: '序号',
            key: '__index',
            width: 72,
            align: 'center',
            render: (_value, _row, index) => firstNumber + index,
          },
          ...columns.map((column) => ({
            title: column.title,
            key: column.title,
            width: column.width,
            ...(column.nowrap ? { className: styles.nowrap } : {}),
            render: (_value: unknown, row: Row) => keepDatesWhole(column.render(row)),
          })),
          ...(detailPath
            ? [
                {
                  title: '操作',
                  key: '__action',
                  width: 110,
                  // 查看详情 on one line, however large the type: the column grows instead.
                  className: styles.nowrap,
                  render: (_value: unknown, row: Row) => detail(row),
                },
              ]
            : []),
        ]}
      />
    </AntdScope>
  );
}
