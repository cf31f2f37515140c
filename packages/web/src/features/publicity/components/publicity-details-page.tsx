import { Alert, Result } from 'antd';
import { useSearchParams } from 'react-router';
import { counterpartOf, PublicityFields } from '@/components/publicity-fields';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import type { PublicityKind } from '@/components/publicity-fields';
import { usePublicityDetail } from '../api/get-publicity-detail';
import styles from './publicity-details-page.module.css';

const HEADINGS = { licence: '行政许可', penalty: '行政处罚' } as const;

/**
 * XygsDetailsXK and XygsDetailsCF (query id and title): one licence or penalty publication in the
 * national double-disclosure fields, titled by the administrative counterpart.
 */
export default function PublicityDetailsPage({ kind }: { kind: PublicityKind }) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const query = usePublicityDetail(kind, id);
  if (!id) {
    return <Result status="warning" title="缺少记录编号" subTitle="请从公示列表或首页的公示信息进入详情。" />;
  }
  const fallbackTitle = params.get('title') ?? HEADINGS[kind];
  return (
    <QueryState query={query} size="page">
      {(detail) => (
        <div className={styles.page}>
          <SectionCard title={counterpartOf(kind, detail) || fallbackTitle}>
            <p className={styles.kind}>{HEADINGS[kind]}公示信息</p>
            {'publicized' in detail && detail.publicized === false ? (
              <Alert className={styles.notice} type="info" showIcon title={detail.publicityNote || '该记录不再公示'} />
            ) : null}
            <PublicityFields kind={kind} detail={detail} />
          </SectionCard>
        </div>
      )}
    </QueryState>
  );
}
