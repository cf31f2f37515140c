import { CREDIT_LIST_HEADS } from '@credit-portal/shared/heads/credit-lists';
import { call } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { formatDate } from '@/lib/format';
import { createDetailPage } from '../components/detail-page';

/** KeepPromisetDetail?id=: one published credit promise. */
export default createDetailPage({
  back: { label: '信用承诺公示', path: paths.promiseBook },
  kind: '信用承诺',
  swrKey: CREDIT_LIST_HEADS.promiseDetail.path,
  fetch: (id) => call(CREDIT_LIST_HEADS.promiseDetail, { query: { id } }),
  title: (promise) => promise.EntName,
  fields: [
    { label: '主体名称', value: (promise) => promise.EntName },
    { label: '统一社会信用代码', value: (promise) => promise.CreditCode },
    { label: '承诺类型', value: (promise) => promise.PromiseType },
    { label: '承诺人', value: (promise) => promise.Promiser },
    { label: '承诺日期', value: (promise) => formatDate(promise.PromiseDate) },
    { label: '公示状态', value: (promise) => promise.Status },
    { label: '承诺内容', value: (promise) => promise.Content, wide: true },
    { label: '数据来源单位', value: (promise) => promise.SourceUnit },
    { label: '更新时间', value: (promise) => promise.UpdateTime },
  ],
});
