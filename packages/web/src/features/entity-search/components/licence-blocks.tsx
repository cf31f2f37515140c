import { Collapse, Descriptions, Grid } from 'antd';
import type { LicenceBlock } from '@credit-portal/shared';
import styles from './entity-details-page.module.css';

/** Labels of the collapsible licence block fields (spec §3), in display order. */
const LICENCE_BLOCK_LABELS: Readonly<Record<keyof LicenceBlock, string>> = {
  xzxkName: '行政许可决定文书名称',
  xzxkCode: '行政许可决定文书号',
  xkName: '许可证书名称',
  type: '许可类别',
  xkCode: '许可编号',
  content: '许可内容',
  decisionDate: '许可决定日期',
  dateFrom: '有效期自',
  dateTo: '有效期至',
  dept: '许可机关',
  deptCode: '许可机关统一社会信用代码',
  sourceFrom: '数据来源单位',
  sourceCode: '数据来源单位统一社会信用代码',
};

const FIELDS = Object.keys(LICENCE_BLOCK_LABELS) as (keyof LicenceBlock)[];

/** The collapsible licence record blocks of spec §2.1 (generic pieces): a title line, the fields inside. */
export function LicenceBlocks({ licences }: { licences: readonly LicenceBlock[] }) {
  // On a phone two columns of label and value leave no room: labels go above their values.
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Collapse
      className={styles.collapse}
      items={licences.map((licence, index) => ({
        key: `${licence.xzxkCode}-${index}`,
        label: (
          <span className={styles.blockTitle}>
            <span>{licence.xkName || licence.xzxkName}</span>
            <span className={styles.blockSub}>
              {licence.xzxkCode} · {licence.decisionDate}
            </span>
          </span>
        ),
        children: (
          <Descriptions
            size="small"
            bordered
            layout={wide ? 'horizontal' : 'vertical'}
            column={{ xs: 1, sm: 1, md: 2 }}
            items={FIELDS.map((field) => ({
              key: field,
              label: LICENCE_BLOCK_LABELS[field],
              children: licence[field] || '—',
              span: field === 'content' ? 'filled' : 1,
            }))}
          />
        ),
      }))}
    />
  );
}
