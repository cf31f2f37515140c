import 'virtual:antd-look/Descriptions';
import type { ReactNode } from 'react';

export interface LiteDescriptionsItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
  /** Columns taken (a whole number, default 1), or `'filled'`: the rest of the row, which then ends. */
  span?: number | 'filled';
}

interface LiteDescriptionsProps {
  items: readonly LiteDescriptionsItem[];
  bordered?: boolean;
  /** antd's sizes; `'default'` (antd's large, no size class) as leaving it out. */
  size?: 'middle' | 'small' | 'default';
  layout: 'horizontal' | 'vertical';
  /**
   * Items in a row: a fixed number, chosen by the caller (1 on phones, 2 on wide screens) — antd's
   * responsive `{ xs, md }` needs its breakpoint observer, which is script.
   */
  column: number;
  className?: string;
}

interface Cell {
  item: LiteDescriptionsItem;
  span: number;
}

/**
 * antd's rows (descriptions/hooks/useRow.js): items fill a row up to `column`; one that would pass
 * the end is cut to what is left; a `'filled'` item ends its row; the last item of a row that is
 * short takes what is left of it.
 */
function rowsOf(items: readonly LiteDescriptionsItem[], column: number): Cell[][] {
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let used = 0;
  const end = () => {
    rows.push(row);
    row = [];
    used = 0;
  };
  for (const item of items) {
    if (item.span === 'filled') {
      row.push({ item, span: 1 });
      end();
      continue;
    }
    const span = item.span || 1;
    const left = column - used;
    used += span;
    row.push({ item, span: used > column ? left : span });
    if (used >= column) end();
  }
  if (row.length > 0) rows.push(row);
  for (const cells of rows) {
    const last = cells[cells.length - 1]!;
    const taken = cells.reduce((sum, cell) => sum + cell.span, 0);
    if (taken < column) last.span += column - taken;
  }
  return rows;
}

/** antd draws a label's or a value's span only for something to show (`isReactRenderable`). */
const shown = (node: ReactNode) => node !== null && node !== undefined && node !== false && node !== '';

/**
 * antd's Descriptions as it renders — the table of label and value cells, its rows, spans and
 * classes, styled by antd's static sheet — without its script (the breakpoint observer, the
 * semantic class and style merging): the entity details page's 基本信息 and its licence blocks,
 * drawn without antd's script. Neither a title nor an extra, per-item styles or
 * `colon={false}`: what the portal does not use is not offered.
 */
export function LiteDescriptions({
  items,
  bordered = false,
  size = 'default',
  layout,
  column,
  className,
}: LiteDescriptionsProps) {
  const classes = [
    'ant-descriptions',
    size === 'middle' ? 'ant-descriptions-medium' : size === 'small' ? 'ant-descriptions-small' : '',
    bordered ? 'ant-descriptions-bordered' : '',
    className ?? '',
    'cp-antd',
  ];
  // A label's or a value's span: bare in a bordered cell, with its class in an item container.
  const part = (node: ReactNode, className?: string) =>
    shown(node) ? <span className={className}>{node}</span> : null;
  // A label's cell (a th) or a value's (a td): bordered, the part's own class on the cell; else the
  // item's, with the part's class on its span in an item container.
  const half = (cell: Cell, which: 'label' | 'content', colSpan: number) => {
    const Element = which === 'label' ? 'th' : 'td';
    const node = which === 'label' ? cell.item.label : cell.item.children;
    return (
      <Element
        key={`${which}-${cell.item.key}`}
        colSpan={colSpan}
        className={bordered ? `ant-descriptions-item-${which}` : 'ant-descriptions-item'}
      >
        {bordered ? (
          part(node)
        ) : (
          <div className="ant-descriptions-item-container">{part(node, `ant-descriptions-item-${which}`)}</div>
        )}
      </Element>
    );
  };
  // Unbordered and side by side, label and value share one cell.
  const both = (cell: Cell) => (
    <td key={cell.item.key} colSpan={cell.span} className="ant-descriptions-item">
      <div className="ant-descriptions-item-container">
        {part(cell.item.label, 'ant-descriptions-item-label')}
        {part(cell.item.children, 'ant-descriptions-item-content')}
      </div>
    </td>
  );
  const rows = rowsOf(items, column).flatMap((cells, index) => {
    if (layout === 'vertical') {
      return [
        <tr key={`label-${index}`} className="ant-descriptions-row">
          {cells.map((cell) => half(cell, 'label', cell.span))}
        </tr>,
        <tr key={`content-${index}`} className="ant-descriptions-row">
          {cells.map((cell) => half(cell, 'content', cell.span))}
        </tr>,
      ];
    }
    return [
      <tr key={index} className="ant-descriptions-row">
        {/* Bordered: a label cell of one column and the value's taking the rest of the item's. */}
        {cells.map((cell) =>
          bordered ? [half(cell, 'label', 1), half(cell, 'content', cell.span * 2 - 1)] : both(cell),
        )}
      </tr>,
    ];
  });
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <div className="ant-descriptions-view">
        <table>
          <tbody>{rows}</tbody>
        </table>
      </div>
    </div>
  );
}
