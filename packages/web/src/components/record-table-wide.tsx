import { Table } from 'antd';
import type { ReactNode } from 'react';
import { AntdScope } from './antd-scope';
import type { RecordTableProps } from './record-table-props';
import styles from './record-table.module.css';

interface WideRecordTableProps<Row> extends Omit<RecordTableProps<Row>, 'cardTitle'> {
  /** A row's 查看详情 link, as the cards show it. */
  detail: (row: Row) => ReactNode;
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
            render: (_value: unknown, row: Row) => column.render(row),
          })),
          ...(detailPath
            ? [{ title: '操作', key: '__action', width: 110, render: (_value: unknown, row: Row) => detail(row) }]
            : []),
        ]}
      />
    </AntdScope>
  );
}
