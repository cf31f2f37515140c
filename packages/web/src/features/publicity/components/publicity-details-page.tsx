import { Alert, Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { counterpartOf, PublicityFields } from '@/components/publicity-fields';
import { QueryState } from '@/components/query-state';
import { RecordShare } from '@/components/record-share';
import { SectionCard } from '@/components/section-card';
import { paths, withQuery } from '@/lib/paths';
import type { PublicityKind } from '@/components/publicity-fields';
import { usePublicityDetail } from '../api/get-publicity-detail';
import styles from './publicity-details-page.module.css';
import { useRecordTitle } from '@/hooks/use-record-title';

const HEADINGS = { licence: '行政许可', penalty: '行政处罚' } as const;

/** Longest id the detail calls accept: anything longer is no record. */
const RECORD_ID_MAX = 64;

/** The way back from a record that is missing or not found: its tab of double disclosure. */
function BackToList({ kind }: { kind: PublicityKind }) {
  const navigate = useNavigate();
  const tab = kind === 'licence' ? 1 : 2;
  return (
    <Button type="primary" onClick={() => void navigate(withQuery(paths.doubleDisclosure, { currentTab: tab }))}>
      返回{HEADINGS[kind]}公示
    </Button>
  );
}

/**
 * XygsDetailsXK and XygsDetailsCF (query id and title): one licence or penalty publication in the
 * national double-disclosure fields, titled by the administrative counterpart.
 */
export default function PublicityDetailsPage({ kind }: { kind: PublicityKind }) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const tooLong = (id?.length ?? 0) > RECORD_ID_MAX;
  const query = usePublicityDetail(kind, tooLong ? null : id);
  useRecordTitle(query.data ? counterpartOf(kind, query.data) : undefined);
  if (!id) {
    return (
      <Result
        status="warning"
        title="缺少记录编号"
        subTitle="请从公示列表或首页的公示信息进入详情。"
        extra={<BackToList kind={kind} />}
      />
    );
  }
  if (tooLong) {
    return (
      <div role="alert">
        <Result
          status="404"
          title="未找到该信息"
          subTitle="记录编号有误，请从公示列表进入详情。"
          extra={<BackToList kind={kind} />}
        />
      </div>
    );
  }
  const fallbackTitle = params.get('title') ?? HEADINGS[kind];
  return (
    <QueryState query={query} size="page" notFoundExtra={<BackToList kind={kind} />}>
      {(detail) => (
        <div className={styles.page}>
          <SectionCard title={counterpartOf(kind, detail) || fallbackTitle}>
            <p className={styles.kind}>{HEADINGS[kind]}公示信息</p>
            <RecordShare
              source={
                ('XK_LYDW' in detail ? detail.XK_LYDW || detail.XK_XKJG : detail.CF_SJLY || detail.CF_CFJG) || undefined
              }
              updatedAt={detail.UPDATETIME || undefined}
            />
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
