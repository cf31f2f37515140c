import { labelBeijingTime, type ReportState, type ReportStatus } from '@credit-portal/shared';
import { Button, Spin, Tag } from 'antd';
import { errorMessage } from '@/lib/api-client';
import { useReportStatus } from '../api/verify-report';
import styles from './services.module.css';

/** The tag's colour of each state: current green, changed orange, unknown grey. */
const STATE_COLOURS: Readonly<Record<ReportState, string>> = {
  current: 'success',
  updated: 'warning',
  undetermined: 'default',
};

/** A status found: what it means, and each change since issue by kind and day. */
function StatusShown({ status }: { status: ReportStatus }) {
  return (
    <>
      <p className={styles.statusNote}>{status.Note}</p>
      {status.Changes.length > 0 ? (
        <ul className={styles.changes} aria-label="出具后的变化">
          {status.Changes.map((change) => (
            <li key={`${change.Kind}-${change.KindLabel}-${change.Date ?? ''}`} className={styles.change}>
              <span className={styles.changeDate}>{change.Date ?? '日期不详'}</span>
              <span>{change.KindLabel}</span>
              <span>{change.Count} 条</span>
            </li>
          ))}
        </ul>
      ) : status.State === 'current' ? (
        <p className={styles.statusMeta}>报告出具后无变化。</p>
      ) : null}
      <p className={styles.statusMeta}>
        报告生成时间：{labelBeijingTime(status.GeneratedAt)}；状态查询时间：{labelBeijingTime(status.CheckedAt)}
      </p>
    </>
  );
}

/**
 * Whether a verified report is still current (ReportStatus), under its verification: loading,
 * the status, or why it could not be found, with a button to ask again. A number or code that
 * does not match shows nothing here: the verification above already says so.
 */
export function ReportStatusPanel({ reportNo, code }: { reportNo: string; code: string }) {
  const { data, error, isLoading, isValidating, mutate } = useReportStatus(reportNo, code);
  if (data && !data.Verified) return null;
  const status = error ? null : (data?.Status ?? null);
  return (
    <section aria-labelledby="report-status" aria-busy={isLoading} className={styles.status}>
      <h2 id="report-status" className={styles.statusHeading}>
        报告当前状态
        {status ? <Tag color={STATE_COLOURS[status.State]}>{status.StateLabel}</Tag> : null}
      </h2>
      {error ? (
        <p role="alert" className={styles.statusNote}>
          暂时无法查询报告当前状态：{errorMessage(error)}
        </p>
      ) : (
        <div aria-live="polite">
          {status ? (
            <StatusShown status={status} />
          ) : (
            <div className={styles.statusMeta}>
              <Spin size="small" /> 正在查询报告当前状态…
            </div>
          )}
        </div>
      )}
      {isLoading ? null : (
        <div>
          <Button onClick={() => void mutate()} loading={isValidating}>
            重新查询
          </Button>
        </div>
      )}
    </section>
  );
}
