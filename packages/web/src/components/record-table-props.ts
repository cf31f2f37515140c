import type { ReactNode } from 'react';

// The props of a record list (record-table.tsx), shared with the wide screen's table in its own
// chunk (record-table-wide.tsx), which record-table.tsx loads: here, so that neither imports the other.

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
