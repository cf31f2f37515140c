import { INTERACTION_TYPES } from '@credit-portal/shared';
import { Link, useSearchParams } from 'react-router';
import { BarChart } from '@/components/bar-chart';
import { FigureTiles } from '@/components/figure-tiles';
import { PieChart } from '@/components/pie-chart';
import { QueryState } from '@/components/query-state';
import { paths, withQuery } from '@/lib/paths';
import { useStatistics } from '../api/get-statistics';
import { percent } from '../interaction-labels';
import { InteractionNav } from './interaction-nav';
import { YearSelect } from './year-select';
import styles from './interaction.module.css';

/** The year in the address, if it is one. */
export const yearFromQuery = (value: string | null): number | null => {
  const year = Number(value);
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : null;
};

/** hdjl/statistics: a year of messages at a glance — figures, and charts by type, month, department and satisfaction. */
export default function StatisticsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const year = yearFromQuery(searchParams.get('year'));
  const query = useStatistics(year);

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>留言统计</h1>
      <InteractionNav />
      <QueryState query={query} skeletonRows={12} size="page">
        {(stats) => (
          <>
            <div className={styles.toolbar}>
              <YearSelect
                years={stats.years}
                value={stats.year}
                onChange={(next) => setSearchParams({ year: String(next) })}
              />
              <Link to={withQuery(paths.interactionStatisticsDetail, { year: stats.year })}>查看统计明细 →</Link>
            </div>
            <FigureTiles
              label={`${stats.year}年留言办理情况`}
              items={[
                { key: 'total', label: '收到留言', value: stats.total, unit: '件' },
                { key: 'replied', label: '已答复', value: stats.replied, unit: '件' },
                { key: 'processing', label: '办理中', value: stats.processing, unit: '件' },
                { key: 'rate', label: '答复率', value: percent(stats.replyRate) },
                { key: 'days', label: '平均答复用时', value: stats.averageReplyDays, unit: '天' },
              ]}
            />
            <div className={styles.charts}>
              <section className={styles.chartCard}>
                <PieChart
                  title="留言类型分布"
                  unit="件"
                  slices={stats.byType.map((row) => ({ label: INTERACTION_TYPES[row.type], value: row.count }))}
                />
              </section>
              <section className={styles.chartCard}>
                <PieChart
                  title="答复满意度"
                  unit="件"
                  slices={stats.satisfaction.map((row) => ({ label: row.level, value: row.count }))}
                />
              </section>
              <section className={`${styles.chartCard} ${styles.chartWide}`}>
                <BarChart
                  title={`${stats.year}年各月留言数量`}
                  unit="件"
                  categories={stats.byMonth.map((row) => `${Number(row.month.slice(5))}月`)}
                  series={[
                    { name: '收到留言', values: stats.byMonth.map((row) => row.total) },
                    { name: '已答复', values: stats.byMonth.map((row) => row.replied) },
                  ]}
                />
              </section>
              <section className={`${styles.chartCard} ${styles.chartWide}`}>
                <BarChart
                  title="各办理单位收到留言"
                  unit="件"
                  orientation="horizontal"
                  categories={stats.byDept.map((row) => row.dept)}
                  series={[{ name: '收到留言', values: stats.byDept.map((row) => row.total) }]}
                />
              </section>
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
