import type { ReactNode } from 'react';
import { Pager } from './pager';
import { QueryState, type QueryResult } from './query-state';
import styles from './paged-list.module.css';

/** One page of a list as the upstreams answer it. */
export interface ListPage<I> {
  list: readonly I[];
  totalCount: number;
  /** totalCount is where the count stopped, and more match (the 双公示 searches' keywords). */
  totalCapped?: boolean;
}

interface PagedListProps<I> {
  /** The SWR result of the list's hook. */
  query: QueryResult<ListPage<I>>;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** A line above the items (e.g. how many were found), given the total. */
  summary?: (totalCount: number) => ReactNode;
  /** What an empty list shows instead of the shared 暂无数据 (e.g. where to begin). */
  empty?: ReactNode;
  /** The items of the page. */
  children: (items: readonly I[]) => ReactNode;
}

/** A server-paged list: loading, empty and error states, an optional summary line, the items and the pager. */
export function PagedList<I>({ query, page, pageSize, onPageChange, summary, empty, children }: PagedListProps<I>) {
  return (
    <QueryState
      query={query}
      isEmpty={empty === undefined ? (result) => result.list.length === 0 : undefined}
      skeletonRows={pageSize}
      size="page"
    >
      {(result) =>
        result.list.length === 0 && empty !== undefined ? (
          empty
        ) : (
          <>
            {summary ? (
              <p className={styles.summary} aria-live="polite">
                {summary(result.totalCount)}
              </p>
            ) : null}
            {children(result.list)}
            <Pager
              current={page}
              total={result.totalCount}
              capped={result.totalCapped === true}
              pageSize={pageSize}
              onChange={onPageChange}
            />
          </>
        )
      }
    </QueryState>
  );
}
