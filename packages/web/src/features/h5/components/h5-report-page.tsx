import { Button, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { H5_MESSAGES, type BuiltReport, type H5UserInfo } from '@credit-portal/shared';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useReportData } from '../api/get-report-data';
import { useH5Session, useH5SessionSource } from '../api/get-session';
import { ReportEmailDialog } from './report-email-dialog';
import { ReportSectionBlock } from './report-section';
import { H5Footer } from './h5-footer';
import { H5SessionBar } from './h5-session-bar';
import { useLoginAgainOn } from '../use-login-again';
import styles from './h5.module.css';

/** The full-screen loading of spec §2.3. */
function FullScreenLoading() {
  return (
    <div className={styles.fullScreen} role="status" aria-live="polite" aria-busy="true">
      <Spin size="large" />
      <p>{H5_MESSAGES.loading}</p>
    </div>
  );
}

/**
 * /h5/PersonCreditReport (spec §2.3, §4): the person (by the same load rules as the home page)
 * and their report's tables as collapsible sections. No person → /h5/login; no report data →
 * the server's message and /h5/login.
 */
export default function H5ReportPage() {
  const source = useH5SessionSource('grxybg');
  const session = useH5Session(source);
  const report = useReportData(session.data);
  const error = session.error ?? report.error;
  useLoginAgainOn(error);

  if (!source) return <Navigate to={paths.h5Login} replace />;
  if (!session.data || !report.data) return error ? null : <FullScreenLoading />;
  return <ReportView user={session.data} report={report.data} />;
}

function ReportView({ user, report }: { user: H5UserInfo; report: BuiltReport }) {
  const [mailing, setMailing] = useState(false);
  return (
    <div className={styles.page}>
      <H5SessionBar user={user} />
      <section className={styles.reportHead} aria-label="报告信息">
        <h2 className={styles.reportTitle}>个人公共信用信息报告</h2>
        <dl className={styles.reportMeta}>
          <div>
            <dt>报告编号</dt>
            <dd>{report.reportNumber}</dd>
          </div>
          <div>
            <dt>查询日期</dt>
            <dd>{report.queryDate}</dd>
          </div>
        </dl>
        <Button type="primary" icon={<DownloadOutlined aria-hidden />} onClick={() => setMailing(true)}>
          下载报告
        </Button>
        <p className={styles.accessLink}>
          <Link to={paths.h5ReportAccess}>查看报告访问记录</Link>
        </p>
      </section>
      {report.sections.map((section) => (
        <ReportSectionBlock key={section.key} section={section} />
      ))}
      {mailing ? (
        <ReportEmailDialog user={user} reportNumber={report.reportNumber} onClose={() => setMailing(false)} />
      ) : null}
      <H5Footer />
    </div>
  );
}
