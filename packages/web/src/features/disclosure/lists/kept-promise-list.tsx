import { CREDIT_LIST_HEADS } from '@credit-portal/shared/heads/credit-lists';
import { call } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { detailsPath, paths } from '@/lib/paths';
import { createListPage } from '../components/list-page';

/** xscnList: 守信践诺 — published promises that the competent unit checked and found kept. */
export default createListPage({
  title: '守信践诺公示',
  intro:
    '市场主体作出的信用承诺到期后，由承诺受理单位核查履约情况。以下为经核查已履行承诺的主体，按核查日期由近及远排列；违背承诺的，依法依规记入信用记录。',
  searchLabel: '主体名称或统一社会信用代码',
  placeholder: '请输入主体名称或统一社会信用代码',
  swrKey: CREDIT_LIST_HEADS.promiseFulfilmentList.path,
  fetch: ({ keyword, pageIndex, pageSize }) =>
    call(CREDIT_LIST_HEADS.promiseFulfilmentList, { query: { keyword, pageIndex, pageSize } }),
  rowKey: (row) => row.id,
  cardTitle: (row) => row.EntName,
  columns: [
    { title: '主体名称', render: (row) => row.EntName },
    { title: '统一社会信用代码', width: 200, render: (row) => row.CreditCode },
    { title: '承诺类型', width: 120, render: (row) => row.PromiseType },
    { title: '核查单位', render: (row) => row.Checker },
    { title: '践诺核查日期', width: 130, render: (row) => formatDate(row.CheckedOn) },
  ],
  detailPath: (row) => detailsPath(paths.fulfilmentDetail, row.id),
});
