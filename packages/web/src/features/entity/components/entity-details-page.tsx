import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import { useWideScreen } from '@/hooks/use-media-query';
import type { ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '@/components/lite/icon';
import { LiteDescriptions } from '@/components/lite/lite-descriptions';
import { QueryState } from '@/components/query-state';
import { RequireLogin } from '@/components/require-login';
import { paths } from '@/lib/paths';
import { useEntityBaseInfo } from '../api/get-entity-base-info';
import { useEntityDetailInfo } from '../api/get-entity-detail-info';
import { DetailSections, nothing, Section } from './entity-detail-sections';
import { StatusTag } from './status-tag';
import styles from './entity-details-page.module.css';
import { RecordShare } from '@/components/record-share';
import { useRecordTitle } from '@/hooks/use-record-title';

/** What the page shows beside an entity's name, given by the route table (信用关注's 关注 button). */
export type EntityHeaderAction = ComponentType<{ entityId: string }>;

function EntityDetails({ id, HeaderAction }: { id: string; HeaderAction?: EntityHeaderAction }) {
  const base = useEntityBaseInfo(id);
  useRecordTitle(base.data?.EntName);
  const detail = useEntityDetailInfo(id);
  // On a phone two columns of label and value leave no room: labels go above their values.
  const wide = useWideScreen();
  return (
    <div className={styles.page}>
      <Link to={paths.searchList} className={styles.back}>
        <Icon icon={ArrowLeftOutlined} aria-hidden /> 返回查询结果
      </Link>
      {/* While loading, the page holds a screen's height (and the sections half of one): the footer
          stays below the fold and is not pushed down when the entity arrives (a layout
          shift of 0.3 on a phone). */}
      <QueryState query={base} skeletonRows={6} size="page" reserve="100vh">
        {(entity) => (
          <>
            <header className={styles.header}>
              <h1 className={styles.title}>{entity.EntName}</h1>
              <StatusTag status={entity.Status} />
              {HeaderAction ? <HeaderAction entityId={entity.ID} /> : null}
            </header>
            <RecordShare source={entity.RegAuthority || undefined} />
            <Section id="base-info" title="基本信息">
              <LiteDescriptions
                bordered
                size="middle"
                layout={wide ? 'horizontal' : 'vertical'}
                column={wide ? 2 : 1}
                items={[
                  { key: 'code', label: '统一社会信用代码', children: entity.CreditCode },
                  { key: 'name', label: '主体名称', children: entity.EntName },
                  { key: 'type', label: '主体类型', children: entity.EntType },
                  { key: 'status', label: '经营状态', children: entity.Status },
                  { key: 'rep', label: '法定代表人（经营者）', children: entity.LegalRep },
                  { key: 'date', label: '成立日期', children: entity.SetUpDate },
                  { key: 'authority', label: '登记机关', children: entity.RegAuthority },
                  { key: 'district', label: '所属区域', children: entity.District },
                  { key: 'address', label: '住所（经营场所）', children: entity.Address, span: 'filled' },
                ]}
              />
            </Section>
            <QueryState query={detail} skeletonRows={8} reserve="50vh">
              {(info) => <DetailSections info={info} />}
            </QueryState>
          </>
        )}
      </QueryState>
    </div>
  );
}

/**
 * Entity details (spec §2.1 xyfw/search/details, query id): registration information,
 * licences as collapsible blocks, penalties within their publicity period, red/black lists, the
 * other public lists and credit promises. Needs login (spec §4): without it, the warning and QR-code login.
 * `headerAction`: a control beside the name, from the route table (features stay apart).
 * A plain page: antd's look without its script (components/lite/), so that a phone
 * opening a company's details loads and runs none of antd before the company shows.
 */
export default function EntityDetailsPage({ headerAction }: { headerAction?: EntityHeaderAction }) {
  const [params] = useSearchParams();
  const id = (params.get('id') ?? '').trim();
  return (
    <RequireLogin>
      {() =>
        id ? (
          <EntityDetails id={id} HeaderAction={headerAction} />
        ) : (
          <div className={styles.page}>{nothing('缺少主体编号，请从查询结果中打开主体详情')}</div>
        )
      }
    </RequireLogin>
  );
}
