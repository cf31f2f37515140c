import { BarChartOutlined, FileSearchOutlined, MessageOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FigureTiles } from '@/components/figure-tiles';
import { QueryState } from '@/components/query-state';
import { WidgetBoundary } from '@/components/widget-boundary';
import { paths } from '@/lib/paths';
import { useMessages } from '../api/get-messages';
import { useStatistics } from '../api/get-statistics';
import { percent } from '../interaction-labels';
import { InteractionNav } from './interaction-nav';
import { MessageList } from './message-list';
import styles from './interaction.module.css';

const ENTRIES: readonly { path: string; title: string; note: string; icon: ReactNode }[] = [
  { path: paths.interactionHome, title: '留言板', note: '咨询、投诉、建议分类浏览', icon: <MessageOutlined /> },
  { path: paths.interactionList, title: '留言列表', note: '全部公开留言及答复', icon: <UnorderedListOutlined /> },
  { path: paths.interactionSearch, title: '留言查询', note: '按编号、关键字查找留言', icon: <FileSearchOutlined /> },
  { path: paths.interactionStatistics, title: '留言统计', note: '留言数量与答复情况', icon: <BarChartOutlined /> },
];

const INTRO =
  '围绕社会信用体系建设、信用信息查询、信用修复和信用异议等事项，受理社会公众的咨询、投诉和建议，由相关部门在规定时限内答复。公开的留言及答复在此公布，供公众查阅。';

function YearFigures() {
  const query = useStatistics(null);
  return (
    <QueryState query={query} skeletonRows={2}>
      {(stats) => (
        <FigureTiles
          label={`${stats.year}年留言办理情况`}
          items={[
            { key: 'total', label: `${stats.year}年收到留言`, value: stats.total, unit: '件' },
            { key: 'replied', label: '已答复', value: stats.replied, unit: '件' },
            { key: 'rate', label: '答复率', value: percent(stats.replyRate) },
            { key: 'days', label: '平均答复用时', value: stats.averageReplyDays, unit: '天' },
          ]}
        />
      )}
    </QueryState>
  );
}

function LatestReplies() {
  const query = useMessages({ status: 'replied', pageIndex: 1, pageSize: 6 });
  return (
    <QueryState query={query} select={(data) => data.list} isEmpty={(items) => items.length === 0} skeletonRows={6}>
      {(items) => <MessageList items={items} />}
    </QueryState>
  );
}

/** hdjl/Index: the interaction section's landing page — its parts, this year's figures, the latest replies. */
export default function InteractionIndexPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>互动交流</h1>
      <InteractionNav />
      <p className={styles.intro}>{INTRO}</p>
      <ul className={styles.entries}>
        {ENTRIES.map((entry) => (
          <li key={entry.path}>
            <Link to={entry.path} className={styles.entry}>
              <span className={styles.entryIcon} aria-hidden>
                {entry.icon}
              </span>
              <span className={styles.entryTitle}>{entry.title}</span>
              <span className={styles.entryNote}>{entry.note}</span>
            </Link>
          </li>
        ))}
      </ul>
      <WidgetBoundary>
        <YearFigures />
      </WidgetBoundary>
      <h2 className={styles.subheading}>最新答复</h2>
      <WidgetBoundary>
        <LatestReplies />
      </WidgetBoundary>
      <Link to={paths.interactionList} className={styles.more}>
        查看全部留言 →
      </Link>
    </div>
  );
}
