import { CREDIT_LIST_HEADS } from '@credit-portal/shared/heads/credit-lists';
import { RecordTable } from '@/components/record-table';
import { call } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { detailsPath, paths } from '@/lib/paths';
import { createDetailPage } from '../components/detail-page';
import { listTag } from './red-black-list';

/** XygsDetailsRedMore?id=: every red- and black-list entry in force of the entity one entry is about (login). */
export default createDetailPage({
  back: { label: '信息公示', path: paths.disclosure },
  kind: '该主体的全部红黑名单信息',
  // The same answer as XygsDetailsRed: one SWR entry, fetched once for both pages.
  swrKey: CREDIT_LIST_HEADS.redBlackDetail.path,
  fetch: (id) => call(CREDIT_LIST_HEADS.redBlackDetail, { query: { id } }),
  title: (entry) => entry.EntName,
  fields: [
    { label: '主体名称', value: (entry) => entry.EntName },
    { label: '统一社会信用代码', value: (entry) => entry.CreditCode },
    {
      label: '有效名单',
      wide: true,
      value: (entry) => (
        <RecordTable
          rows={[entry, ...entry.Related]}
          rowKey={(row) => row.id}
          cardTitle={(row) => row.ListName}
          detailPath={(row) => detailsPath(paths.redBlackDetails, row.id)}
          firstNumber={1}
          columns={[
            {
              title: '名单',
              render: (row) => (
                <>
                  {listTag(row)} {row.ListName}
                </>
              ),
            },
            { title: '认定部门', render: (row) => row.Authority },
            { title: '列入日期', width: 120, render: (row) => formatDate(row.IncludedOn) },
            { title: '有效期至', width: 120, render: (row) => formatDate(row.ValidUntil) },
          ]}
        />
      ),
    },
  ],
  requiresLogin: true,
});
