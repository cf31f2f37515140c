import type { ReactNode } from 'react';
import { ErrorBoundary } from './error-boundary';
import { LazyResult } from './lazy-result';
import { LiteButton } from './lite/lite-button';

/** A widget-level error boundary: a broken block shows a small notice, the rest of the page stays. */
export function WidgetBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(_error, reset) => (
        <LazyResult
          status="warning"
          subTitle="该栏目暂时无法显示"
          extra={
            <LiteButton size="small" onClick={reset}>
              重试
            </LiteButton>
          }
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
