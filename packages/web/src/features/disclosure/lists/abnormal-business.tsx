import { ABNORMAL_BUSINESS_FIELD_LABELS } from '@credit-portal/shared';
import { DISCLOSURE_HEADS } from '@credit-portal/shared/heads/disclosure';
import { LabelledFields } from '@/components/labelled-fields';
import { call } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { createListPage } from '../components/list-page';

/** abnormalBusinessPublicity: 经营异常名录. */
export default createListPage({
  title: '经营异常名录公示',
  intro: '市场监督管理部门依法列入经营异常名录的企业、个体工商户，按列入日期由近及远排列。',
  searchLabel: '企业名称、统一社会信用代码或文书号',
  placeholder: '请输入企业名称、统一社会信用代码或文书号',
  swrKey: DISCLOSURE_HEADS.abnormalBusiness.path,
  fetch: ({ keyword, pageIndex, pageSize }) =>
    call(DISCLOSURE_HEADS.abnormalBusiness, { query: { entName: keyword, pageIndex, pageSize } }),
  rowKey: (row) => row.id,
  cardTitle: (row) => row.EntName,
  columns: [
    { title: '企业名称', render: (row) => row.EntName },
    { title: '统一社会信用代码', width: 200, render: (row) => row.CreditCode || '—' },
    { title: '列入原因', render: (row) => row.Reason },
    { title: '列入日期', width: 120, render: (row) => formatDate(row.ListedOn) },
  ],
  more: (row) => <LabelledFields labels={ABNORMAL_BUSINESS_FIELD_LABELS} record={row} columns={1} />,
});
