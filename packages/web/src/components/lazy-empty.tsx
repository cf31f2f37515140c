import 'virtual:antd-look/Empty';
import { lazy, Suspense, type ReactNode } from 'react';

/**
 * antd's simple Empty without its picture (its box keeps the place), with what goes under it:
 * while the panel loads, or if it cannot, and where a page holds an empty state's place.
 */
export function PlainEmpty({ description, children }: { description: string; children?: ReactNode }) {
  return (
    <div className="cp-antd ant-empty ant-empty-normal">
      <div className="ant-empty-image" />
      <div className="ant-empty-description">{description}</div>
      {children ? <div className="ant-empty-footer">{children}</div> : null}
    </div>
  );
}

const EmptyPanel = lazy(() => import('./empty-panel').catch(() => ({ default: PlainEmpty })));

/**
 * antd's simple Empty (暂无数据), loaded the first time a block has nothing to show: its picture
 * takes antd's theme hooks, which the home page's blocks should not load up front (issue 27).
 */
export function LazyEmpty({ description }: { description: string }) {
  return (
    <Suspense fallback={<PlainEmpty description={description} />}>
      <EmptyPanel description={description} />
    </Suspense>
  );
}
