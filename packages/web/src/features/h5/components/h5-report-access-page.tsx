import { Button, Spin } from 'antd';
import {
  H5_MESSAGES,
  H5_REPORT_ACCESS_LABELS,
  type H5ReportAccessItem,
  type H5ReportAccessList,
  type H5UserInfo,
} from '@credit-portal/shared';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatServerTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useReportAccess } from '../api/get-report-access';
import { useH5Session, useH5SessionSource } from '../api/get-session';
import { useLoginAgainOn } from '../use-login-again';
import { H5Footer } from './h5-footer';
import { H5SessionBar } from './h5-session-bar';
import styles from './h5-privacy.module.css';
import h5 from './h5.module.css';

/** A login that ended (401) sends the person to the login; anything else is this page's error. */
const loginEnded = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/**
 * /h5/PersonCreditReport/access: who looked at my report (PIPL Art. 44) — the accesses to the
 * verified person's own personal report from the audit trail: when, how (the page, a PDF
 * download, a mail), and for a mail the masked address; newest first, a page at a time.
 */
export default function H5ReportAccessPage() {
  const source = useH5SessionSource('grxybg');
  const session = useH5Session(source);
  const [page, setPage] = useState(1);
  const access = useReportAccess(session.data, page);
  useLoginAgainOn(session.error ?? (loginEnded(access.error) ? access.error : undefined));

  if (!source) return <Navigate to={paths.h5Login} replace />;
  if (session.error) return null;
  return (
    <div className={h5.page}>
      {session.data ? <H5SessionBar user={session.data} /> : null}
      <section className={styles.access} aria-labelledby="h5-report-access">
        <h2 id="h5-report-access" className={styles.title}>
          报告访问记录
        </h2>
        <p className={styles.note}>
          您的个人公共信用信息报告被查看、下载和发送至邮箱的记录，来自本网站的审计日志，最新的在前。
        </p>
        <AccessBody
          user={session.data}
          list={access.data}
          error={loginEnded(access.error) ? undefined : access.error}
          loading={!access.data && !access.error}
          onRetry={() => void access.mutate()}
          onPage={setPage}
        />
        <p className={styles.note}>
          <Link to={paths.h5Report}>返回个人信用报告</Link>
        </p>
      </section>
      <H5Footer />
    </div>
  );
}

function AccessBody({
  user,
  list,
  error,
  loading,
  onRetry,
  onPage,
}: {
  user: H5UserInfo | undefined;
  list: H5ReportAccessList | undefined;
  error: unknown;
  loading: boolean;
  onRetry: () => void;
  onPage: (page: number) => void;
}) {
  if (error) {
    return (
      <div className={styles.state} role="alert">
        <p>访问记录加载失败：{errorMessage(error)}</p>
        <Button onClick={onRetry}>重新加载</Button>
      </div>
    );
  }
  if (loading || !user || !list) {
    return (
      <div className={styles.state} role="status" aria-live="polite" aria-busy="true">
        <Spin />
        <p>正在加载访问记录，请稍候</p>
      </div>
    );
  }
  if (list.Total === 0) {
    return (
      <p className={styles.state} role="status">
        {H5_MESSAGES.reportAccessEmpty}（最近 {list.Days} 天）
      </p>
    );
  }
  const pages = Math.ceil(list.Total / list.PageSize);
  return (
    <>
      <ol className={styles.list} aria-label="访问记录">
        {list.Items.map((item, index) => (
          <AccessRow key={`${item.Time}-${index}`} item={item} />
        ))}
      </ol>
      <nav className={styles.pager} aria-label="访问记录分页">
        <Button disabled={list.Page <= 1} onClick={() => onPage(list.Page - 1)}>
          上一页
        </Button>
        <span aria-live="polite">
          第 {list.Page} / {pages} 页，共 {list.Total} 条
        </span>
        <Button disabled={list.Page >= pages} onClick={() => onPage(list.Page + 1)}>
          下一页
        </Button>
      </nav>
      <p className={styles.note}>
        显示最近 {list.Days} 天内的记录
        {list.Capped ? `，最多 ${list.Total} 条；更早的记录请到信用中心服务窗口查询` : ''}。
      </p>
    </>
  );
}

function AccessRow({ item }: { item: H5ReportAccessItem }) {
  const label = H5_REPORT_ACCESS_LABELS[item.Channel];
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <span>{label.action}</span>
        <time dateTime={item.Time}>{formatServerTime(item.Time, 'minute')}</time>
      </div>
      <p className={styles.itemFacts}>渠道：{label.channel}</p>
      {item.ReportNumber ? <p className={styles.itemFacts}>报告编号：{item.ReportNumber}</p> : null}
      {item.Channel === 'email' ? (
        <p className={styles.itemFacts}>收件邮箱：{item.MaskedEmail ?? H5_MESSAGES.reportAccessEmailUnknown}</p>
      ) : null}
    </li>
  );
}
