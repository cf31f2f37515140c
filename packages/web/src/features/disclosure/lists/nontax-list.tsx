import { DISCLOSURE_HEADS } from '@credit-portal/shared/heads/disclosure';
import { call } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { detailsPath, paths } from '@/lib/paths';
import { createListPage } from '../components/list-page';

/** nontaxList: 非税收入欠缴信息 (login: the call carries the stored JwtToken). */
export default createListPage({
  title: '非税收入欠缴信息公示',
  intro: '执收单位公示的逾期未缴纳非税收入信息。本栏目需实名登录后查询。',
  searchLabel: '缴款人名称或统一社会信用代码',
  placeholder: '请输入缴款人名称或统一社会信用代码',
  swrKey: DISCLOSURE_HEADS.nontaxRevenue.path,
  fetch: ({ keyword, pageIndex, pageSize }) =>
    call(DISCLOSURE_HEADS.nontaxRevenue, { query: { entNameOrSCCode: keyword, pageIndex, pageSize } }),
  rowKey: (row) => row.id,
  cardTitle: (row) => row.EntName,
  columns: [
    { title: '缴款人名称', render: (row) => row.EntName },
    { title: '欠缴项目', render: (row) => row.ItemName },
    { title: '欠缴金额（元）', width: 140, render: (row) => row.Amount },
    { title: '应缴截止日期', width: 130, render: (row) => formatDate(row.PayableBy) },
  ],
  detailPath: (row) => detailsPath(paths.nontaxDetails, row.id),
  requiresLogin: true,
});
