import { CREDIT_LIST_HEADS } from '@credit-portal/shared/heads/credit-lists';
import { call } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { detailsPath, paths } from '@/lib/paths';
import { createListPage } from '../components/list-page';

/** xygs/xycnBook: 信用承诺公示 — the promises entities filed that have been published. */
export default createListPage({
  title: '信用承诺公示',
  intro: '市场主体通过本网站或窗口作出并经审核公示的信用承诺。承诺人违背承诺的，将依法依规记入信用记录。',
  searchLabel: '主体名称或统一社会信用代码',
  placeholder: '请输入主体名称或统一社会信用代码',
  swrKey: CREDIT_LIST_HEADS.promiseList.path,
  fetch: ({ keyword, pageIndex, pageSize }) =>
    call(CREDIT_LIST_HEADS.promiseList, { query: { keyword, pageIndex, pageSize } }),
  rowKey: (row) => row.ID,
  cardTitle: (row) => row.EntName,
  columns: [
    { title: '主体名称', render: (row) => row.EntName },
    { title: '统一社会信用代码', width: 200, render: (row) => row.CreditCode },
    { title: '承诺类型', render: (row) => row.PromiseType },
    { title: '承诺日期', width: 120, render: (row) => formatDate(row.PromiseDate) },
  ],
  detailPath: (row) => detailsPath(paths.promiseDetail, row.ID),
});
