import { NONTAX_FIELD_LABELS } from '@credit-portal/shared';
import { DISCLOSURE_HEADS } from '@credit-portal/shared/heads/disclosure';
import { call } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { createDetailPage, fieldsOf } from '../components/detail-page';

/** NontaxDetails?id=: one non-tax arrears record (login). */
export default createDetailPage({
  back: { label: '非税收入欠缴信息', path: paths.nontaxList },
  kind: '非税收入欠缴信息',
  swrKey: DISCLOSURE_HEADS.nontaxDetail.path,
  fetch: (id) => call(DISCLOSURE_HEADS.nontaxDetail, { query: { id } }),
  title: (detail) => detail.EntName,
  fields: fieldsOf(NONTAX_FIELD_LABELS, ['Basis']),
  requiresLogin: true,
});
