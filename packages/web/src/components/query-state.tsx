import { Button, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { MESSAGES } from '@credit-portal/shared';
import { errorMessage } from '@/lib/api-client';
import styles from './query-state.module.css';

interface QueryStateProps<T> {
  /** The loaded data; undefined while loading or after a failed first load. */
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  /** True when the loaded data has nothing to show. */
  isEmpty?: (data: T) => boolean;
  onRetry: () => void;
  /** Lines of the loading skeleton. */
  skeletonRows?: number;
  /** 'compact' for home-page blocks, 'page' for whole pages. */
  size?: 'compact' | 'page';
  children: (data: T) => ReactNode;
}

/** The loading skeleton, empty state (暂无数据) and error-with-retry state of one data block. */
export function QueryState<T>({
  data,
  error,
  isLoading,
  isEmpty,
  onRetry,
  skeletonRows = 5,
  size = 'compact',
  children,
}: QueryStateProps<T>) {
  if (data === undefined && error) {
    return (
      <div role="alert" className={size === 'page' ? styles.pageState : styles.compactState}>
        <Result
          status="warning"
          title={size === 'page' ? '加载失败' : undefined}
          subTitle={errorMessage(error)}
          extra={
            <Button type="primary" onClick={onRetry}>
              重试
            </Button>
          }
        />
      </div>
    );
  }
  if (data === undefined || isLoading) {
    return (
      <div aria-busy="true" aria-live="polite" className={styles.loading}>
        <span className="visually-hidden">正在加载…</span>
        <Skeleton active title={false} paragraph={{ rows: skeletonRows }} />
      </div>
    );
  }
  if (isEmpty?.(data)) {
    return (
      <div className={size === 'page' ? styles.pageState : styles.compactState}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.noData} />
      </div>
    );
  }
  return <>{children(data)}</>;
}
