import { lazy, Suspense } from 'react';
import { browserOnly } from '@/lib/first-render';
import { LiteSkeleton } from '@/components/lite/lite-skeleton';
import styles from './disclosure.module.css';

/** The tabs, which follow the address's query: the browser's (the frame carries their place-holder). */
const Tabs = browserOnly(lazy(() => import('./double-disclosure-tabs')));

/**
 * xygs/xygsList?currentTab=: 双公示 — the licence and penalty publications in two tabs, each
 * searched by counterpart, credit code or document number and paged on the server. Penalties
 * are listed only while publicized (by severity, DESIGN.md); repaired ones have left the list.
 * The heading and the introduction come without antd (a plain page) and with the pre-rendered
 * frame (a phone's largest paint); the tabs and their lists (antd) when their module is.
 */
export default function DoubleDisclosurePage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>双公示</h1>
      <p className={styles.intro}>
        行政许可和行政处罚信息自作出决定之日起 7
        个工作日内公示。行政处罚按违法行为严重程度确定公示期限：一般失信行为公示 3 个月至 1 年，严重失信行为公示 1 年至
        3 年；轻微违法行为不予公示，已完成信用修复的记录不再公示。
      </p>
      <Suspense
        fallback={
          <div className={styles.tabsLoading} aria-busy="true">
            <span className="visually-hidden">正在加载…</span>
            <LiteSkeleton rows={8} />
          </div>
        }
      >
        <Tabs />
      </Suspense>
    </div>
  );
}
