import { ARREARS_FUNDS_FIELD_LABELS } from '@credit-portal/shared';
import { DISCLOSURE_HEADS } from '@credit-portal/shared/heads/disclosure';
import { LabelledFields } from '@/components/labelled-fields';
import { call } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { createListPage } from '../components/list-page';

/** arrearsFundsPayPublicity: 拖欠农民工工资失信联合惩戒对象. */
export default createListPage({
  title: '拖欠农民工工资失信联合惩戒对象名单',
  intro: '人力资源社会保障部门依法列入拖欠农民工工资失信联合惩戒对象名单的用人单位及其相关责任人。',
  searchLabel: '单位名称、统一社会信用代码或文书号',
  placeholder: '请输入单位名称、统一社会信用代码或文书号',
  swrKey: DISCLOSURE_HEADS.arrearsFunds.path,
  fetch: ({ keyword, pageIndex, pageSize }) =>
    call(DISCLOSURE_HEADS.arrearsFunds, { query: { entName: keyword, pageIndex, pageSize } }),
  rowKey: (row) => row.id,
  cardTitle: (row) => row.EntName,
  columns: [
    { title: '失信主体名称', render: (row) => row.EntName },
    { title: '拖欠工资金额（万元）', width: 170, render: (row) => row.ArrearsAmount },
    { title: '涉及人数', width: 100, render: (row) => row.Workers },
    { title: '列入日期', width: 120, render: (row) => formatDate(row.ListedOn) },
  ],
  more: (row) => <LabelledFields labels={ARREARS_FUNDS_FIELD_LABELS} record={row} columns={1} />,
});
