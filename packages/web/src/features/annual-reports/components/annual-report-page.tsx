import { Button } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { BarChart } from '@/components/bar-chart';
import { FigureTiles } from '@/components/figure-tiles';
import { QueryState } from '@/components/query-state';
import { RichText } from '@/components/rich-text';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useAnnualReport } from '../api/get-annual-reports';
import { figureChange, figureTiles } from '../report-figures';
import styles from './annual-reports.module.css';

export interface AnnualReportPageProps {
  year: number;
}

/** /xyzx/xn{year}Details: one year's report — its figures against the year before, then its chapters; prints cleanly. */
export default function AnnualReportPage({ year }: AnnualReportPageProps) {
  const query = useAnnualReport(year);
  return (
    <div className={styles.page}>
      <QueryState query={query} skeletonRows={14} size="page">
        {(report) => {
          // Growth in per cent compares figures of different units on one axis.
          const compared = report.figures.filter((figure) => figureChange(figure) && figure.previous);
          return (
            <article className={styles.article}>
              <h1 className={styles.title}>{report.title}</h1>
              <p className={styles.meta}>
                <span>
                  发布日期：<time dateTime={report.releaseDate}>{formatDate(report.releaseDate)}</time>
                </span>
                <span>发布单位：云州市公共信用信息中心</span>
                <Button
                  type="link"
                  size="small"
                  className={styles.print}
                  icon={<PrinterOutlined aria-hidden />}
                  onClick={() => window.print()}
                >
                  打印
                </Button>
              </p>
              <p className={styles.abstract}>{report.summary}</p>
              <h2 className={styles.sectionHeading}>主要指标</h2>
              <FigureTiles label={`${report.year}年主要指标`} items={figureTiles(report.figures)} />
              {compared.length > 0 ? (
                <div className={styles.chart}>
                  <BarChart
                    title={`${report.year}年主要指标比上年增长（%）`}
                    unit="%"
                    orientation="horizontal"
                    categories={compared.map((figure) => figure.label)}
                    series={[
                      {
                        name: '增长率',
                        values: compared.map(
                          (figure) => Math.round(((figure.value - figure.previous!) / figure.previous!) * 1000) / 10,
                        ),
                      },
                    ]}
                  />
                </div>
              ) : null}
              {report.sections.map((section) => (
                <section key={section.heading} aria-label={section.heading}>
                  <h2 className={styles.sectionHeading}>{section.heading}</h2>
                  <RichText html={section.html} />
                </section>
              ))}
              <footer className={styles.footer}>
                <Link to={paths.annualReports}>
                  <ArrowLeftOutlined aria-hidden /> 返回信用年报
                </Link>
              </footer>
            </article>
          );
        }}
      </QueryState>
    </div>
  );
}
