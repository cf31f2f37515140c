import { Descriptions, Grid, Result } from 'antd';
import {
  LICENCE_FIELD_LABELS,
  PENALTY_FIELD_LABELS,
  type LicenceDetail,
  type PenaltyDetail,
} from '@credit-portal/shared';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { usePublicityDetail, type PublicityKind } from '../api/get-publicity-detail';
import styles from './publicity-details-page.module.css';

const KINDS = {
  licence: { heading: '行政许可', labels: LICENCE_FIELD_LABELS, name: (d: LicenceDetail) => d.XK_XDR_MC },
  penalty: { heading: '行政处罚', labels: PENALTY_FIELD_LABELS, name: (d: PenaltyDetail) => d.CF_XDR_MC },
} as const;

/** Long texts take a whole row. */
const WIDE_FIELDS = new Set(['XK_NR', 'CF_SY', 'CF_YJ', 'CF_NR', 'CF_WFXW']);

function Fields({ kind, detail }: { kind: PublicityKind; detail: LicenceDetail | PenaltyDetail }) {
  const labels: Readonly<Record<string, string>> = KINDS[kind].labels;
  const values = detail as unknown as Record<string, string | undefined>;
  // On a phone two columns of label and value leave no room: labels go above their values.
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Descriptions
      bordered
      layout={wide ? 'horizontal' : 'vertical'}
      size="middle"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={Object.entries(labels)
        .filter(([field]) => values[field] !== undefined)
        .map(([field, label]) => ({
          key: field,
          label,
          span: WIDE_FIELDS.has(field) ? 'filled' : 1,
          children: values[field] || '—',
        }))}
    />
  );
}

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
  const fallbackTitle = params.get('title') ?? KINDS[kind].heading;
  return (
    <QueryState query={query} size="page">
      {(detail) => (
        <div className={styles.page}>
          <SectionCard
            title={
              (kind === 'licence'
                ? KINDS.licence.name(detail as LicenceDetail)
                : KINDS.penalty.name(detail as PenaltyDetail)) || fallbackTitle
            }
          >
            <p className={styles.kind}>{KINDS[kind].heading}公示信息</p>
            <Fields kind={kind} detail={detail} />
          </SectionCard>
        </div>
      )}
    </QueryState>
  );
}
