import { Link, useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { paths, withQuery } from '@/lib/paths';
import { useStatistics } from '../api/get-statistics';
import { percent } from '../interaction-labels';
import { InteractionNav } from './interaction-nav';
import { yearFromQuery } from './statistics-page';
import { YearSelect } from './year-select';
import styles from './interaction.module.css';

const COUNT_HEADERS = ['咨询', '投诉', '建议', '合计', '已答复'] as const;

/** hdjl/statistics/detail: the year's figures as tables — by department and by month, with totals. */
export default function StatisticsDetailPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const year = yearFromQuery(searchParams.get('year'));
  const query = useStatistics(year);

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>留言统计明细</h1>
      <InteractionNav />
      <QueryState query={query} skeletonRows={12} size="page">
        {(stats) => {
          const typeCount = (type: 'consult' | 'complaint' | 'suggestion') =>
            stats.byType.find((row) => row.type === type)?.count ?? 0;
          return (
            <>
              <div className={styles.toolbar}>
                <YearSelect
                  years={stats.years}
                  value={stats.year}
                  onChange={(next) => setSearchParams({ year: String(next) })}
                />
                <Link to={withQuery(paths.interactionStatistics, { year: stats.year })}>← 返回统计图表</Link>
              </div>
              <h2 className={styles.subheading}>按办理单位</h2>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <caption className="visually-hidden">{stats.year}年各办理单位留言办理情况</caption>
                  <thead>
                    <tr>
                      <th scope="col">办理单位</th>
                      {COUNT_HEADERS.map((header) => (
                        <th key={header} scope="col">
                          {header}
                        </th>
                      ))}
                      <th scope="col">答复率</th>
                      <th scope="col">平均答复天数</th>
                    </tr>
                  </thead>
                  <tbody>
                    {stats.byDept.map((row) => (
                      <tr key={row.dept}>
                        <th scope="row">{row.dept}</th>
                        <td>{row.consult}</td>
                        <td>{row.complaint}</td>
                        <td>{row.suggestion}</td>
                        <td>{row.total}</td>
                        <td>{row.replied}</td>
                        <td>{percent(row.total === 0 ? 0 : row.replied / row.total)}</td>
                        <td>{row.averageReplyDays}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">合计</th>
                      <td>{typeCount('consult')}</td>
                      <td>{typeCount('complaint')}</td>
                      <td>{typeCount('suggestion')}</td>
                      <td>{stats.total}</td>
                      <td>{stats.replied}</td>
                      <td>{percent(stats.replyRate)}</td>
                      <td>{stats.averageReplyDays}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
              <h2 className={styles.subheading}>按月份</h2>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <caption className="visually-hidden">{stats.year}年各月留言数量</caption>
                  <thead>
                    <tr>
                      <th scope="col">月份</th>
                      {COUNT_HEADERS.map((header) => (
                        <th key={header} scope="col">
                          {header}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {stats.byMonth.map((row) => (
                      <tr key={row.month}>
                        <th scope="row">{row.month}</th>
                        <td>{row.consult}</td>
                        <td>{row.complaint}</td>
                        <td>{row.suggestion}</td>
                        <td>{row.total}</td>
                        <td>{row.replied}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
