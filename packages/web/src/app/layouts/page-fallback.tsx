import { LiteSkeleton } from '@/components/lite/lite-skeleton';
import styles from './page-fallback.module.css';

/** Shown while a page's code loads. */
export function PageFallback() {
  return (
    <div className={styles.fallback} aria-busy="true">
      <span className="visually-hidden">正在加载页面…</span>
      <LiteSkeleton rows={8} />
    </div>
  );
}
