import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';
import styles from './lazy-result.module.css';

/** The same title, text and actions, plainly: while antd's Result loads, or if it cannot. */
function PlainResult({ title, subTitle, extra }: ResultProps) {
  return (
    <div className={styles.fallback}>
      {title ? <div className={styles.title}>{title}</div> : null}
      {subTitle ? <div>{subTitle}</div> : null}
      {extra ? <div className={styles.extra}>{extra}</div> : null}
    </div>
  );
}

// A result often reports a failure, possibly of the network or of a release that replaced the
// chunks: when the component cannot load, the plain version stands in rather than a crash.
const ResultPanel = lazy(() => import('./result-panel').catch(() => ({ default: PlainResult })));

/**
 * antd's Result, loaded the first time a result is shown: the component carries its 403/404/500
 * illustrations (≈ 30 kB of script) wherever it is imported, and the pages that show a result
 * only on failure (blocks, the app's error states) should not load them up front.
 */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={<PlainResult {...props} />}>
      <ResultPanel {...props} />
    </Suspense>
  );
}
