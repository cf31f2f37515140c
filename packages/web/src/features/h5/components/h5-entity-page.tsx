import { Button, Skeleton } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { ACTIVE_STATUS, type EntityBaseInfo, type EntityDetailInfo } from '@credit-portal/shared';
import type { ComponentType } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useRecordTitle } from '@/hooks/use-record-title';
import { paths } from '@/lib/paths';
import { useH5EntityDetail } from '../api/get-entity-detail';
import { useH5Session, useH5SessionSource } from '../api/get-session';
import { H5Footer } from './h5-footer';
import { H5SessionBar } from './h5-session-bar';
import { useLoginAgainOn } from '../use-login-again';
import styles from './h5.module.css';

/**
 * What is published about the entity beyond its registration: the details page's own sections,
 * given by the route table (features stay apart), so that both pages show the same.
 */
export type DetailSectionsView = ComponentType<{ info: EntityDetailInfo }>;

/** The login ended (401): the person logs in again, as on the other H5 pages. */
const loginEnded = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
/** Not one of the person's entities (403): no retry can help. */
const notTheirs = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

function BackToList() {
  return (
    <Link to={paths.h5Home} className={styles.backLink}>
      <LeftOutlined aria-hidden /> 返回我的关联主体
    </Link>
  );
}

/** Label and value pairs, one under the other on a phone. */
function Pairs({ items }: { items: readonly (readonly [string, string])[] }) {
  return (
    <dl className={styles.record}>
      {items
        .filter(([, value]) => value !== '')
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function EntityView({
  base,
  info,
  Sections,
}: {
  base: EntityBaseInfo;
  info: EntityDetailInfo;
  Sections: DetailSectionsView;
}) {
  return (
    <>
      <section className={styles.entityCard} aria-labelledby="h5-entity-name">
        <header className={styles.entityHead}>
          <h2 id="h5-entity-name" className={styles.entityName}>
            {base.EntName}
          </h2>
          <span className={base.Status === ACTIVE_STATUS ? styles.badgeOpen : styles.badgeRevoked}>{base.Status}</span>
        </header>
        <Pairs
          items={[
            ['统一社会信用代码', base.CreditCode],
            ['主体类型', base.EntType],
            ['法定代表人（经营者）', base.LegalRep],
            ['成立日期', base.SetUpDate],
            ['登记机关', base.RegAuthority],
            ['所属区域', base.District],
            ['住所（经营场所）', base.Address],
          ]}
        />
      </section>
      <Sections info={info} />
    </>
  );
}

function EntityDetail({ infotoken, id, Sections }: { infotoken: string; id: string; Sections: DetailSectionsView }) {
  const detail = useH5EntityDetail(infotoken, id);
  useRecordTitle(detail.data?.BaseInfo.EntName);
  const { error } = detail;
  useLoginAgainOn(loginEnded(error) ? error : undefined);

  if (detail.data) return <EntityView base={detail.data.BaseInfo} info={detail.data.DetailInfo} Sections={Sections} />;
  if (error && !loginEnded(error)) {
    return (
      <div className={styles.card} role="alert">
        <p className={styles.muted}>{errorMessage(error)}</p>
        {notTheirs(error) ? null : <Button onClick={() => void detail.mutate()}>重试</Button>}
      </div>
    );
  }
  return (
    <div className={styles.card} aria-busy="true">
      <span className="visually-hidden">正在获取主体信息</span>
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}

/**
 * /h5/gtxy/detail?id= : one of the verified person's own entities inside the app — registration,
 * licences, penalties in publicity, red/black lists, the portal's public lists and promises — by
 * the tab's login, with no portal login (a face-verified person has no portal account). The
 * service answers only the person's own entities. No person → /h5/login, as on the home page.
 */
export default function H5EntityPage({ Sections }: { Sections: DetailSectionsView }) {
  const source = useH5SessionSource('');
  const session = useH5Session(source);
  const [params] = useSearchParams();
  const id = (params.get('id') ?? '').trim();
  useLoginAgainOn(session.error);

  if (!source) return <Navigate to={paths.h5Login} replace />;
  return (
    <div className={styles.page}>
      {session.data ? <H5SessionBar user={session.data} /> : null}
      <BackToList />
      {!id ? (
        <p className={styles.emptyCard}>缺少主体编号，请从“我的关联主体”中打开主体详情</p>
      ) : session.data ? (
        <EntityDetail infotoken={session.data.Infotoken} id={id} Sections={Sections} />
      ) : (
        <div className={styles.card} aria-busy="true">
          <span className="visually-hidden">正在获取信息</span>
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      )}
      <H5Footer />
    </div>
  );
}
