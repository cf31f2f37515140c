import type { ReactNode } from 'react';
import { paths } from '@/lib/paths';
import { MESSAGES } from '@credit-portal/shared';
import { ApiError, errorMessage } from '@/lib/api-client';
import styles from './query-state.module.css';
import { SimpleEmpty } from './simple-empty';
import { LazyResult } from './lazy-result';
import { LiteButton } from './lite/lite-button';
import { LiteSkeleton } from './lite/lite-skeleton';

/** What QueryState reads of an SWR hook's result: pass the result itself. */
export interface QueryResult<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  /** Loads again (the retry button). */
  mutate: () => Promise<unknown>;
}

interface QueryStateProps<T, S> {
  /** The SWR result of the block's hook, as the hook returns it. */
  query: QueryResult<T>;
  /** The part of the data the block shows (default: all of it). */
  select?: (data: T) => S;
  /** True when the shown data has nothing in it. */
  isEmpty?: (data: S) => boolean;
  /** Lines of the loading skeleton. */
  skeletonRows?: number;
  /**
   * The height the loaded block usually takes (a CSS length), held while it loads so that its
   * arrival moves nothing below it (layout shift).
   */
  reserve?: string;
  /** 'compact' for home-page blocks, 'page' for whole pages. */
  size?: 'compact' | 'page';
  /** What a not-found answer offers instead of 重试 (which cannot help): usually the way back to the list. */
  notFoundExtra?: ReactNode;
  children: (data: S) => ReactNode;
}

/**
 * The way back from a record that does not exist, where the page names none of its own: the
 * previous page (when there is one in this tab) and the home page.
 */
export function NotFoundWayBack() {
  return (
    <span className={styles.wayBack}>
      {window.history.length > 1 ? (
        <LiteButton type="primary" onClick={() => window.history.back()}>
          返回上一页
        </LiteButton>
      ) : null}
      {/* A plain hash link: QueryState also renders outside a router (in tests, in boundaries). */}
      <a href={`#${paths.home}`} className={styles.homeLink}>
        返回首页
      </a>
    </span>
  );
}

/** A record that does not exist: retrying cannot help. */
const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * The loading skeleton, empty state (暂无数据), not-found state and error-with-retry state of one
 * data block, from the SWR result of its hook.
 */
export function QueryState<T, S = T>({
  query,
  select,
  isEmpty,
  skeletonRows = 5,
  reserve,
  size = 'compact',
  notFoundExtra,
  children,
}: QueryStateProps<T, S>) {
  const { data, error, isLoading, mutate } = query;
  const stateClass = size === 'page' ? styles.pageState : styles.compactState;
  if (data === undefined && error) {
    return (
      <div role="alert" className={stateClass}>
        <LazyResult
          status={isNotFound(error) ? '404' : 'warning'}
          title={size === 'page' ? (isNotFound(error) ? '未找到该信息' : '加载失败') : undefined}
          subTitle={errorMessage(error)}
          extra={
            isNotFound(error) ? (
              (notFoundExtra ?? <NotFoundWayBack />)
            ) : (
              <LiteButton type="primary" onClick={() => void mutate()}>
                重试
              </LiteButton>
            )
          }
        />
      </div>
    );
  }
  if (data === undefined || isLoading) {
    return (
      <div
        aria-busy="true"
        aria-live="polite"
        className={styles.loading}
        style={reserve ? { minHeight: reserve } : undefined}
      >
        <span className="visually-hidden">正在加载…</span>
        <LiteSkeleton title={false} rows={skeletonRows} />
      </div>
    );
  }
  const shown = select ? select(data) : (data as unknown as S);
  if (isEmpty?.(shown)) {
    return (
      <div className={stateClass}>
        <SimpleEmpty description={MESSAGES.noData} />
      </div>
    );
  }
  return <>{children(shown)}</>;
}
