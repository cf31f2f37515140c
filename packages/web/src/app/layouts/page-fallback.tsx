import { Skeleton } from 'antd';
import styles from './page-fallback.module.css';

/** Shown while a page's code loads. */
export function PageFallback() {
  return (
    <div className={styles.fallback} aria-busy="true">
      <span className="visually-hidden">正在加载页面…</span>
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}
