import { Button, Skeleton } from 'antd';
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { H5_MESSAGES, type H5UserInfo } from '@credit-portal/shared';
import { useEffect, useId, useState } from 'react';
import { Navigate } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { hashHref, paths } from '@/lib/paths';
import { useFeedback } from '@/lib/feedback';
import { useH5Entities } from '../api/get-entities';
import { H5DataError } from '../api/h5-data-error';
import { useH5Session, useH5SessionSource } from '../api/get-session';
import { isH5Login, readIzToken } from '../h5-storage';
import { EntityCard } from './entity-card';
import { H5Footer } from './h5-footer';
import { H5SessionBar } from './h5-session-bar';
import { PersonCard } from './person-card';
import { useLoginAgainOn } from '../use-login-again';
import styles from './h5.module.css';

/**
 * /h5/gtxy (spec §2.3, §4): the person's card and the entities linked to them. The load rules
 * (test parameters, else the alternate token, else the stored cert token with the face
 * verification's code and the token's verifier, else this tab's Infotoken) decide who the person
 * is; a refused exchange sends them to /h5/login. 退出登录 above the page.
 */
export default function H5HomePage() {
  const source = useH5SessionSource('');
  const session = useH5Session(source);
  useLoginAgainOn(session.error);

  if (!source) return <Navigate to={paths.h5Login} replace />;
  return (
    <div className={styles.page}>
      {session.data ? <H5SessionBar user={session.data} /> : null}
      <ServiceDescription />
      {session.data ? (
        <SessionContent user={session.data} />
      ) : (
        <div className={styles.card} aria-busy="true">
          <span className="visually-hidden">正在获取信息</span>
          <Skeleton active paragraph={{ rows: 3 }} />
        </div>
      )}
      <H5Footer />
    </div>
  );
}

function SessionContent({ user }: { user: H5UserInfo }) {
  // An alternate channel (another app) has its own way to other entities.
  const alternate = readIzToken() !== null;
  return (
    <>
      <PersonCard user={user} h5Login={isH5Login()} />
      <EntityList user={user} />
      {alternate ? null : (
        <a className={styles.otherLink} href={hashHref(paths.searchList)}>
          查询其他信用主体 <RightOutlined aria-hidden />
        </a>
      )}
    </>
  );
}

/** The collapsible service description. */
function ServiceDescription() {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <section className={styles.card}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.cardTitle}>服务说明</span>
        <DownOutlined className={open ? styles.chevronOpen : styles.chevron} aria-hidden />
      </button>
      <div id={regionId} hidden={!open} className={styles.description}>
        <p>
          本页列出登记在您名下、或您担任职务的市场主体。点击“信用报告”可将该主体的信用报告（PDF）发送至您填写的邮箱；点击“查看详情”可查看主体的公示信息。
        </p>
        <p>
          个人公共信用信息报告汇集公安、社保、教育、税务、行政管理、司法等部门依法归集的本人信息，可在“个人信息”中获取。
        </p>
      </div>
    </section>
  );
}

/** The linked entities; a list with bad data is a data error: logged, and nothing shown. */
function EntityList({ user }: { user: H5UserInfo }) {
  const entities = useH5Entities(user.Infotoken);
  const { message } = useFeedback();
  const { error } = entities;
  const dataError = error instanceof H5DataError;

  useEffect(() => {
    if (!error) return;
    if (error instanceof H5DataError) console.error('数据错误：关联主体列表格式不正确', error.message);
    else message.error(errorMessage(error));
  }, [error, message]);

  return (
    <section aria-labelledby="h5-entities" aria-busy={entities.isLoading}>
      <h2 id="h5-entities" className={styles.sectionTitle}>
        我的关联主体
      </h2>
      {entities.isLoading ? (
        <div className={styles.card}>
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : dataError ? null : error ? (
        <div className={styles.card} role="alert">
          <p className={styles.muted}>{errorMessage(error)}</p>
          <Button onClick={() => void entities.mutate()}>重试</Button>
        </div>
      ) : entities.data && entities.data.length > 0 ? (
        <ul className={styles.entityList}>
          {entities.data.map((entity) => (
            <li key={entity.RecordId}>
              <EntityCard entity={entity} user={user} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.emptyCard}>{H5_MESSAGES.noInformation}</p>
      )}
    </section>
  );
}
