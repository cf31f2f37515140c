import { Button } from 'antd';
import { ACTIVE_STATUS, type H5EntityRecord, type H5UserInfo } from '@credit-portal/shared';
import { useState } from 'react';
import { detailsPath, hashHref, paths } from '@/lib/paths';
import { EntityReportDialog } from './entity-report-dialog';
import styles from './h5.module.css';

/** One linked entity (spec §2.3): name, status badge, code, position, dates and its two actions. */
export function EntityCard({ entity, user }: { entity: H5EntityRecord; user: H5UserInfo }) {
  const [reporting, setReporting] = useState(false);
  const open = entity.EntStatus === ACTIVE_STATUS;
  return (
    <article className={styles.entityCard} aria-label={entity.EntName}>
      <header className={styles.entityHead}>
        <h3 className={styles.entityName}>{entity.EntName}</h3>
        <span className={open ? styles.badgeOpen : styles.badgeRevoked}>{entity.EntStatus || '其他'}</span>
      </header>
      <dl className={styles.entityFields}>
        <div>
          <dt>统一社会信用代码</dt>
          <dd>{entity.SCCode}</dd>
        </div>
        <div>
          <dt>职务</dt>
          <dd>{entity.Position}</dd>
        </div>
        <div>
          <dt>成立日期</dt>
          <dd>{entity.EstDate}</dd>
        </div>
        <div>
          <dt>主体类别</dt>
          <dd>{entity.EntCategory}</dd>
        </div>
      </dl>
      <div className={styles.entityActions}>
        {/* Inside the app: the person's own entity needs no portal login. */}
        <Button href={hashHref(detailsPath(paths.h5Entity, entity.BaseId))}>查看详情</Button>
        <Button type="primary" onClick={() => setReporting(true)}>
          信用报告
        </Button>
      </div>
      {reporting ? <EntityReportDialog entity={entity} user={user} onClose={() => setReporting(false)} /> : null}
    </article>
  );
}
