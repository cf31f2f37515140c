import { CONTENT_SECTIONS } from '@credit-portal/shared';
import { ContentLinkList } from '@/components/content-link-list';
import { NoticeList, type NoticeKind } from '@/components/notice-list';
import { QueryState } from '@/components/query-state';
import { SectionCard } from '@/components/section-card';
import { WidgetBoundary } from '@/components/widget-boundary';
import { paths, withQuery } from '@/lib/paths';
import { usePublicityNotices } from '../api/get-publicity-notices';
import { useSectionHighlights } from '../api/get-section-highlights';
import { BLOCK_SIZE, HIGHLIGHTS_QUERY } from '../api/prefetch-home';
import styles from './home-page.module.css';

/** The content blocks of the home page: section, its list page and its details page. */
const CONTENT_BLOCKS = {
  news: { section: CONTENT_SECTIONS.news, morePath: paths.newsList, detailsBase: paths.newsDetails },
  notices: { section: CONTENT_SECTIONS.notices, morePath: paths.notices, detailsBase: paths.noticeDetails },
  policy: { section: CONTENT_SECTIONS.policy, morePath: paths.policyList, detailsBase: paths.policyDetails },
  riskWarnings: {
    section: CONTENT_SECTIONS.riskWarnings,
    morePath: paths.riskWarnings,
    detailsBase: paths.riskWarningDetails,
  },
} as const;
type ContentBlockKey = keyof typeof CONTENT_BLOCKS;

function ContentBlock({ block }: { block: ContentBlockKey }) {
  const { section, morePath, detailsBase } = CONTENT_BLOCKS[block];
  const query = useSectionHighlights(HIGHLIGHTS_QUERY);
  return (
    <SectionCard title={section.label} morePath={morePath}>
      <QueryState
        query={query}
        select={(data) => data[section.categoryId] ?? []}
        isEmpty={(items) => items.length === 0}
        skeletonRows={BLOCK_SIZE - 1}
        reserve="var(--cp-block-list-height)"
      >
        {(items) => <ContentLinkList items={items} detailsBase={detailsBase} limit={BLOCK_SIZE} />}
      </QueryState>
    </SectionCard>
  );
}

const NOTICE_TITLES: Readonly<Record<NoticeKind, string>> = { licence: '行政许可', penalty: '行政处罚' };

function NoticeBlock({ kind }: { kind: NoticeKind }) {
  const query = usePublicityNotices({ kind, pageIndex: 1, pageSize: BLOCK_SIZE });
  return (
    <SectionCard
      title={NOTICE_TITLES[kind]}
      morePath={withQuery(paths.doubleDisclosure, { currentTab: kind === 'licence' ? 1 : 2 })}
    >
      <QueryState
        query={query}
        select={(data) => data.list}
        isEmpty={(items) => items.length === 0}
        skeletonRows={BLOCK_SIZE - 1}
        reserve="var(--cp-block-notice-height)"
      >
        {(items) => <NoticeList kind={kind} items={items} variant="full" limit={BLOCK_SIZE} />}
      </QueryState>
    </SectionCard>
  );
}

/**
 * The portal's home page (/index): news, notices, disclosure highlights and policy, from the
 * gateway. 长者模式 shows one column and leaves out the secondary blocks (policy, risk warnings).
 */
export default function HomePage() {
  return (
    <div className={styles.home}>
      <h1 className="visually-hidden">首页</h1>
      {/* A flex layout of its own rather than antd's Row and Col: the same two columns from 992 px
          (antd's lg), without Col's 59 kB of style rules for every span and breakpoint or
          useBreakpoint's media-query listeners on the first page. */}
      <div className={styles.blocks}>
        <div className={styles.wide}>
          <WidgetBoundary>
            <ContentBlock block="news" />
          </WidgetBoundary>
        </div>
        <div className={styles.narrow}>
          <WidgetBoundary>
            <ContentBlock block="notices" />
          </WidgetBoundary>
        </div>
        <div className={styles.half}>
          <WidgetBoundary>
            <NoticeBlock kind="licence" />
          </WidgetBoundary>
        </div>
        <div className={styles.half}>
          <WidgetBoundary>
            <NoticeBlock kind="penalty" />
          </WidgetBoundary>
        </div>
        <div className={`${styles.half} ${styles.secondary}`}>
          <WidgetBoundary>
            <ContentBlock block="policy" />
          </WidgetBoundary>
        </div>
        <div className={`${styles.half} ${styles.secondary}`}>
          <WidgetBoundary>
            <ContentBlock block="riskWarnings" />
          </WidgetBoundary>
        </div>
      </div>
    </div>
  );
}
