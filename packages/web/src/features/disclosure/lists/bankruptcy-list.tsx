import { DISCLOSURE_HEADS } from '@credit-portal/shared/heads/disclosure';
import { call } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { detailsPath, paths } from '@/lib/paths';
import { createListPage } from '../components/list-page';

/** newSZInfoPublicList: 个人破产信息公示. */
export default createListPage({
  title: '个人破产信息公示',
  intro: '人民法院受理的个人破产案件信息。债务人身份证件号码已作脱敏处理。',
  searchLabel: '债务人姓名或案号',
  placeholder: '请输入债务人姓名或案号',
  swrKey: DISCLOSURE_HEADS.bankruptcyList.path,
  fetch: ({ keyword, pageIndex, pageSize }) =>
    call(DISCLOSURE_HEADS.bankruptcyList, { query: { name: keyword, pageIndex, pageSize } }),
  rowKey: (row) => row.id,
  cardTitle: (row) => row.DebtorName,
  columns: [
    { title: '案号', render: (row) => row.CaseNo },
    { title: '债务人姓名', width: 120, render: (row) => row.DebtorName },
    { title: '受理法院', render: (row) => row.Court },
    { title: '受理日期', width: 120, render: (row) => formatDate(row.AcceptedOn) },
    { title: '案件状态', width: 110, render: (row) => row.Status },
  ],
  detailPath: (row) => detailsPath(paths.bankruptcyDetails, row.id),
});
