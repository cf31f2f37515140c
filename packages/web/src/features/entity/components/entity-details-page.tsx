import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import { useWideScreen } from '@/hooks/use-media-query';
import { MESSAGES, type EntityDetailInfo, type RedBlackEntry } from '@credit-portal/shared';
import type { ComponentType, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SimpleEmpty } from '@/components/simple-empty';
import { Icon } from '@/components/lite/icon';
import { LiteDescriptions } from '@/components/lite/lite-descriptions';
import { LiteTag } from '@/components/lite/lite-tag';
import { QueryState } from '@/components/query-state';
import { RequireLogin } from '@/components/require-login';
import { paths } from '@/lib/paths';
import { useEntityBaseInfo } from '../api/get-entity-base-info';
import { useEntityDetailInfo } from '../api/get-entity-detail-info';
import { LicenceBlocks } from '@/components/licence-block';
import { PublicListStandingSection } from './public-list-standing';
import { StatusTag } from './status-tag';
import styles from './entity-details-page.module.css';
import { RecordShare } from '@/components/record-share';
import { useRecordTitle } from '@/hooks/use-record-title';

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
        {count !== undefined ? <span className={styles.count}>{count}</span> : null}
      </h2>
      {children}
    </section>
  );
}

const nothing = (text: string = MESSAGES.noData) => <SimpleEmpty className={styles.empty} description={text} />;

/** 红名单 / 黑名单 standing: in force entries, black first. */
function RedBlackStatus({ entries }: { entries: readonly RedBlackEntry[] }) {
  if (entries.length === 0) return <p className={styles.clean}>该主体当前未被列入红名单或黑名单。</p>;
  return (
    <ul className={styles.cards}>
      {entries.map((entry, index) => (
        <li key={`${entry.ListName}-${index}`} className={styles.card}>
          <div className={styles.cardHead}>
            <LiteTag color={entry.ListType === 'black' ? 'error' : 'success'} variant="solid">
              {entry.ListType === 'black' ? '黑名单' : '红名单'}
            </LiteTag>
            <strong>{entry.ListName}</strong>
          </div>
          <dl className={styles.pairs}>
            <dt>列入原因</dt>
            <dd>{entry.Reason}</dd>
            <dt>认定部门</dt>
            <dd>{entry.Authority}</dd>
            <dt>列入日期</dt>
            <dd>{entry.IncludedOn}</dd>
            <dt>有效期至</dt>
            <dd>{entry.ValidUntil}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function DetailSections({ info }: { info: EntityDetailInfo }) {
  return (
    <>
      <Section id="licences" title="行政许可" count={info.Licences.length}>
        {info.Licences.length ? <LicenceBlocks blocks={info.Licences} defaultOpen={[]} /> : nothing()}
      </Section>
      <Section id="penalties" title="行政处罚" count={info.Penalties.length}>
        <p className={styles.note}>仅显示处于公示期内的行政处罚信息。</p>
        {info.Penalties.length ? (
          <ul className={styles.cards}>
            {info.Penalties.map((penalty) => (
              <li key={penalty.id} className={styles.card}>
                <div className={styles.cardHead}>
                  <strong>{penalty.CF_WSH}</strong>
                  {penalty.CF_ZT && penalty.CF_ZT !== '正常' ? (
                    <LiteTag color="processing">{penalty.CF_ZT}</LiteTag>
                  ) : null}
                </div>
                <dl className={styles.pairs}>
                  <dt>违法行为类型</dt>
                  <dd>{penalty.CF_WFXW}</dd>
                  <dt>处罚类别</dt>
                  <dd>{penalty.CF_CFLB}</dd>
                  <dt>处罚内容</dt>
                  <dd>{penalty.CF_NR}</dd>
                  <dt>处罚机关</dt>
                  <dd>{penalty.CF_CFJG}</dd>
                  <dt>处罚决定日期</dt>
                  <dd>{penalty.CF_JDRQ}</dd>
                  <dt>公示截止期</dt>
                  <dd>{penalty.CF_GSJZQ}</dd>
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          nothing('公示期内无行政处罚信息')
        )}
      </Section>
      <Section id="red-black" title="红黑名单" count={info.RedBlack.length}>
        <RedBlackStatus entries={info.RedBlack} />
      </Section>
      <Section
        id="public-lists"
        title="公示名单"
        count={info.PublicLists.reduce((sum, list) => sum + list.Entries.length, 0)}
      >
        <p className={styles.note}>本主体在信用门户各公示名单中的记录，与企业信用报告、专项信用报告所载一致。</p>
        <PublicListStandingSection lists={info.PublicLists} />
      </Section>
      <Section id="promises" title="信用承诺" count={info.Promises.length}>
        {info.Promises.length ? (
          <ul className={styles.cards}>
            {info.Promises.map((promise) => (
              <li key={promise.ID} className={styles.card}>
                <div className={styles.cardHead}>
                  <LiteTag color="blue">{promise.PromiseType}</LiteTag>
                  <span className={styles.cardDate}>承诺日期 {promise.PromiseDate}</span>
                </div>
                <p className={styles.promiseText}>{promise.Content}</p>
                <p className={styles.promiser}>承诺人：{promise.Promiser}</p>
              </li>
            ))}
          </ul>
        ) : (
          nothing()
        )}
      </Section>
    </>
  );
}

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
          stays below the fold and is not pushed down when the entity arrives (issue 27: a layout
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
 * A plain page (issue 27): antd's look without its script (components/lite/), so that a phone
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
