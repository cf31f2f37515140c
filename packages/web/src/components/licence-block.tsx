import { useWideScreen } from '@/hooks/use-media-query';
import type { LicenceBlock as LicenceBlockData } from '@credit-portal/shared';
import { formatDate } from '@/lib/format';
import { LiteCollapse } from './lite/lite-collapse';
import { LiteDescriptions } from './lite/lite-descriptions';
import styles from './licence-block.module.css';

/** Labels of the collapsible licence block's fields (spec §3), in display order. */
export const LICENCE_BLOCK_LABELS: Readonly<Record<keyof LicenceBlockData, string>> = {
  xzxkCode: '行政许可决定文书号',
  xzxkName: '行政许可决定文书名称',
  xkName: '许可证书名称',
  type: '许可类别',
  xkCode: '许可编号',
  decisionDate: '许可决定日期',
  dateFrom: '有效期自',
  dateTo: '有效期至',
  content: '许可内容',
  dept: '许可机关',
  deptCode: '许可机关统一社会信用代码',
  sourceFrom: '数据来源单位',
  sourceCode: '数据来源单位统一社会信用代码',
};

const DATE_FIELDS = new Set<keyof LicenceBlockData>(['decisionDate', 'dateFrom', 'dateTo']);
const WIDE_FIELDS = new Set<keyof LicenceBlockData>(['content']);

interface LicenceBlocksProps {
  blocks: readonly LicenceBlockData[];
  /** Blocks open at first (by index); default: the first one. */
  defaultOpen?: readonly number[];
}

/**
 * The collapsible licence record blocks of spec §2.1: one panel per licence, titled by its
 * document name and number, listing every field of the licence block.
 */
export function LicenceBlocks({ blocks, defaultOpen = [0] }: LicenceBlocksProps) {
  // On a phone two columns of label and value leave no room: labels go above their values.
  const wide = useWideScreen();
  return (
    <LiteCollapse
      className={styles.blocks}
      defaultActiveKey={defaultOpen.map(String)}
      items={blocks.map((block, index) => ({
        key: String(index),
        label: (
          <span className={styles.title}>
            <span className={styles.name}>{block.xzxkName || block.xkName || '行政许可'}</span>
            <span className={styles.meta}>
              {block.xzxkCode}
              {block.decisionDate ? ` · ${formatDate(block.decisionDate)}` : ''}
            </span>
          </span>
        ),
        children: (
          <LiteDescriptions
            size="small"
            bordered
            layout={wide ? 'horizontal' : 'vertical'}
            column={wide ? 2 : 1}
            items={(Object.keys(LICENCE_BLOCK_LABELS) as (keyof LicenceBlockData)[]).map((field) => ({
              key: field,
              label: LICENCE_BLOCK_LABELS[field],
              span: WIDE_FIELDS.has(field) ? 'filled' : 1,
              children: (DATE_FIELDS.has(field) ? formatDate(block[field]) : block[field]) || '—',
            }))}
          />
        ),
      }))}
    />
  );
}
