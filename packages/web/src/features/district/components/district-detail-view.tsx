import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { counterpartOf, PublicityFields, type PublicityKind } from '@/components/publicity-fields';
import { QueryState } from '@/components/query-state';
import { useDistrictDetail, type DistrictKey } from '../api/get-district';
import { districtViewPath } from '../district-view';
import styles from './area-details-page.module.css';
import { useRecordTitle } from '@/hooks/use-record-title';

const KIND_LABELS: Readonly<Record<PublicityKind, string>> = { licence: '行政许可', penalty: '行政处罚' };

/** Views 4 and 5: one licence or penalty of the district, titled with the counterpart's name. */
export function DistrictDetailView({
  kind,
  id,
  districtKey,
}: {
  kind: PublicityKind;
  id: string;
  districtKey: DistrictKey;
}) {
  const query = useDistrictDetail(kind, id);
  const title = (query.data && counterpartOf(kind, query.data)) || `${KIND_LABELS[kind]}详情`;
  useRecordTitle(query.data ? counterpartOf(kind, query.data) : undefined);
  return (
    <section className={styles.view} aria-labelledby="district-view-title">
      <header className={styles.viewHeader}>
        <Link to={districtViewPath(districtKey, 1)} className={styles.back} aria-label="返回区县首页">
          <ArrowLeftOutlined aria-hidden />
        </Link>
        <h2 id="district-view-title" className={styles.viewTitle}>
          {title}
        </h2>
      </header>
      <QueryState query={query} skeletonRows={10} size="page">
        {(detail) => (
          <>
            <p className={styles.viewKind}>{KIND_LABELS[kind]}公示信息</p>
            <PublicityFields kind={kind} detail={detail} />
          </>
        )}
      </QueryState>
    </section>
  );
}
