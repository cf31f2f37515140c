import { MAJOR_TAX_VIOLATION_FIELD_LABELS } from '@credit-portal/shared';
import { DISCLOSURE_HEADS } from '@credit-portal/shared/heads/disclosure';
import { LabelledFields } from '@/components/labelled-fields';
import { call } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { createListPage } from '../components/list-page';

/** majorTaxViolationPublicity: 重大税收违法失信主体. */
export default createListPage({
  title: '重大税收违法失信主体公布',
  intro: '税务机关依法公布的重大税收违法失信主体信息，公布期限届满或依法提前停止公布后不再显示。',
  searchLabel: '纳税人名称或统一社会信用代码',
  placeholder: '请输入纳税人名称或统一社会信用代码',
  swrKey: DISCLOSURE_HEADS.majorTaxViolation.path,
  fetch: ({ keyword, pageIndex, pageSize }) =>
    call(DISCLOSURE_HEADS.majorTaxViolation, { query: { entName: keyword, pageIndex, pageSize } }),
  rowKey: (row) => row.id,
  cardTitle: (row) => row.EntName,
  columns: [
    { title: '纳税人名称', render: (row) => row.EntName },
    { title: '统一社会信用代码', width: 200, render: (row) => row.CreditCode || '—' },
    { title: '案件性质', render: (row) => row.CaseNature },
    { title: '列入日期', width: 120, render: (row) => formatDate(row.ListedOn) },
  ],
  more: (row) => <LabelledFields labels={MAJOR_TAX_VIOLATION_FIELD_LABELS} record={row} columns={1} />,
});
