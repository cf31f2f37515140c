import { PROMISE_FULFILMENT_FIELD_LABELS, type PromiseFulfilmentDetail } from '@credit-portal/shared';
import { CREDIT_LIST_HEADS } from '@credit-portal/shared/heads/credit-lists';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { call } from '@/lib/api-client';
import { detailsPath, paths } from '@/lib/paths';
import { createDetailPage, fieldsOf, type DetailField } from '../components/detail-page';
import styles from '../components/disclosure.module.css';

const FIELDS: readonly DetailField<PromiseFulfilmentDetail>[] = [
  ...fieldsOf<PromiseFulfilmentDetail>(PROMISE_FULFILMENT_FIELD_LABELS, ['Fulfilment', 'Content']),
  {
    label: '承诺公示',
    value: (check) => <Link to={detailsPath(paths.promiseDetail, check.PromiseId)}>查看该信用承诺</Link>,
  },
];

/** xylygsDetail?id=: 信用履约公示 — one fulfilment check with the promise it concerns. */
export default createDetailPage({
  back: { label: '守信践诺公示', path: paths.keptPromises },
  kind: '信用履约公示',
  swrKey: CREDIT_LIST_HEADS.promiseFulfilmentDetail.path,
  fetch: (id) => call(CREDIT_LIST_HEADS.promiseFulfilmentDetail, { query: { id } }),
  title: (check) => check.EntName,
  notice: (check) => (
    <Alert
      className={styles.notice}
      type="success"
      showIcon
      title={`经${check.Checker}核查，该主体已履行信用承诺（已践诺）`}
    />
  ),
  fields: FIELDS,
});
