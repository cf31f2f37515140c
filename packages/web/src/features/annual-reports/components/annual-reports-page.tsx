import { FileTextOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { FigureTiles } from '@/components/figure-tiles';
import { QueryState } from '@/components/query-state';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useAnnualReports } from '../api/get-annual-reports';
import { figureTiles } from '../report-figures';
import styles from './annual-reports.module.css';

/** The report pages the portal has (spec §2.1: xn2022Details … xn2024Details). */
const REPORT_PATHS: Readonly<Record<number, string>> = {
  2022: paths.annualReport2022,
  2023: paths.annualReport2023,
  2024: paths.annualReport2024,
};

/** /xyzx/nbList: the centre's annual reports, newest first, each with its headline figures. */
export default function AnnualReportsPage() {
  const query = useAnnualReports();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>信用年报</h1>
      <p className={styles.lead}>
        云州市社会信用体系建设年度报告，记录每一年信用信息归集、信用监管、信用服务和诚信文化建设的进展。
      </p>
      <QueryState query={query} isEmpty={(reports) => reports.length === 0} skeletonRows={10} size="page">
        {(reports) => (
          <ol className={styles.reports}>
            {reports.map((report) => {
              const path = REPORT_PATHS[report.year];
              return (
                <li key={report.year} className={styles.report}>
                  <div className={styles.cover} aria-hidden>
                    <FileTextOutlined />
                    <span>{report.year}</span>
                  </div>
                  <div className={styles.reportBody}>
                    <h2 className={styles.reportTitle}>
                      {path ? <Link to={path}>{report.title}</Link> : report.title}
                    </h2>
                    <p className={styles.reportMeta}>
                      发布日期：<time dateTime={report.releaseDate}>{formatDate(report.releaseDate)}</time>
                    </p>
                    <p className={styles.reportSummary}>{report.summary}</p>
                    <FigureTiles label={`${report.year}年主要指标`} items={figureTiles(report.highlights)} />
                    {path ? (
                      <Link to={path} className={styles.readMore}>
                        阅读全文 →
                      </Link>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </QueryState>
    </div>
  );
}
