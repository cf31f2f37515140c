import type { RedBlackDetail } from '@credit-portal/shared';
import { CREDIT_LIST_HEADS } from '@credit-portal/shared/heads/credit-lists';
import { Link } from 'react-router';
import { call } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { detailsPath, paths } from '@/lib/paths';
import { createDetailPage, type DetailField } from '../components/detail-page';

const ENTRY_FIELDS: readonly DetailField<RedBlackDetail>[] = [
  { label: '主体名称', value: (entry) => entry.EntName },
  { label: '统一社会信用代码', value: (entry) => entry.CreditCode },
  { label: '主体类型', value: (entry) => entry.EntType },
  { label: '法定代表人', value: (entry) => entry.LegalRep },
  { label: '住所', value: (entry) => entry.Address, wide: true },
  { label: '名单类别', value: (entry) => (entry.ListType === 'red' ? '红名单（守信激励）' : '黑名单（失信惩戒）') },
  { label: '名单名称', value: (entry) => entry.ListName },
  { label: '列入原因', value: (entry) => entry.Reason, wide: true },
  { label: '认定部门', value: (entry) => entry.Authority },
  { label: '列入日期', value: (entry) => formatDate(entry.IncludedOn) },
  { label: '有效期至', value: (entry) => formatDate(entry.ValidUntil) },
  { label: '激励或惩戒措施', value: (entry) => entry.Measures, wide: true },
  {
    label: '该主体其他名单',
    value: (entry) =>
      entry.Related.length > 0 ? (
        <Link to={detailsPath(paths.redBlackMore, entry.id)}>共 {entry.Related.length} 条，查看全部</Link>
      ) : (
        '无'
      ),
  },
  { label: '数据来源单位', value: (entry) => entry.SourceUnit },
  { label: '更新时间', value: (entry) => entry.UpdateTime },
];

/** XygsDetailsRed?id=: one red- or black-list entry (login). */
export default createDetailPage({
  back: { label: '信息公示', path: paths.disclosure },
  kind: '红黑名单信息',
  swrKey: CREDIT_LIST_HEADS.redBlackDetail.path,
  fetch: (id) => call(CREDIT_LIST_HEADS.redBlackDetail, { query: { id } }),
  title: (entry) => entry.EntName,
  fields: ENTRY_FIELDS,
  requiresLogin: true,
});
