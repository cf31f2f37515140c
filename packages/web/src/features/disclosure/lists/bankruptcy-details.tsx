import { BANKRUPTCY_FIELD_LABELS, CONTRACTS } from '@credit-portal/shared';
import { call } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { createDetailPage, fieldsOf } from '../components/detail-page';

/** bankruptcyDetails?id=: one personal bankruptcy case. */
export default createDetailPage({
  back: { label: '个人破产信息', path: paths.bankruptcyList },
  kind: '个人破产信息',
  swrKey: CONTRACTS.bankruptcyDetail.path,
  fetch: (id) => call(CONTRACTS.bankruptcyDetail, { query: { id } }),
  title: (detail) => `${detail.DebtorName}（${detail.CaseNo}）`,
  fields: fieldsOf(BANKRUPTCY_FIELD_LABELS, ['Announcement']),
});
