import { Space, Tag } from 'antd';
import { HETAO_FIELD_LABELS } from '@credit-portal/shared';
import { HETAO_HEADS } from '@credit-portal/shared/heads/hetao';
import { LabelledFields } from '@/components/labelled-fields';
import { call } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { createListPage } from '../components/list-page';

/** xyht/list: 信用河套 — the credit list of the Shenzhen–Hong Kong Hetao cooperation zone. */
export default createListPage({
  title: '信用河套企业名录',
  intro: '纳入深港河套深圳园区信用合作的企业及其信用标签，按纳入日期由近及远排列。',
  searchLabel: '企业名称或统一社会信用代码',
  placeholder: '请输入企业名称或统一社会信用代码',
  swrKey: HETAO_HEADS.hetaoList.path,
  fetch: ({ keyword, pageIndex, pageSize }) =>
    call(HETAO_HEADS.hetaoList, { query: { searchkey: keyword, pageIndex, pageSize } }),
  rowKey: (row) => row.id,
  cardTitle: (row) => row.EntName,
  columns: [
    { title: '企业名称', render: (row) => row.EntName },
    { title: '统一社会信用代码', width: 200, render: (row) => row.CreditCode },
    {
      title: '信用标签',
      render: (row) => (
        <Space size={[4, 4]} wrap>
          {row.Labels.map((label) => (
            <Tag key={label} color="blue">
              {label}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: '纳入日期', width: 120, render: (row) => formatDate(row.JoinedOn) },
  ],
  more: (row) => <LabelledFields labels={HETAO_FIELD_LABELS} record={row} columns={1} />,
});
