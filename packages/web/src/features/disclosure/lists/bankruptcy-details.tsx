import { BANKRUPTCY_FIELD_LABELS } from '@credit-portal/shared';
import { DISCLOSURE_HEADS } from '@credit-portal/shared/heads/disclosure';
import { call } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { createDetailPage, fieldsOf } from '../components/detail-page';

/** bankruptcyDetails?id=: one personal bankruptcy case. */
export default createDetailPage({
  back: { label: '个人破产信息', path: paths.bankruptcyList },
  kind: '个人破产信息',
  swrKey: DISCLOSURE_HEADS.bankruptcyDetail.path,
  fetch: (id) => call(DISCLOSURE_HEADS.bankruptcyDetail, { query: { id } }),
  title: (detail) => `${detail.DebtorName}（${detail.CaseNo}）`,
  fields: fieldsOf(BANKRUPTCY_FIELD_LABELS, ['Announcement']),
});
