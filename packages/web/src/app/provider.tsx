import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ErrorBoundary } from '@/components/error-boundary';
import { isPermanentError, request } from '@/lib/api-client';
import { RuntimeConfigContext, useRuntimeConfigQuery } from '@/lib/runtime-config';
import type { RuntimeConfig } from '@credit-portal/shared';
import { errorMessage } from '@/lib/api-client';
import { useFeedbackWanted } from '@/lib/feedback';
import { ElderModeProvider } from './elder-mode';
import { ANTD_CSS_VAR_KEY } from '@/lib/antd-theme';
import styles from './provider.module.css';
import { LazyResult } from '@/components/lazy-result';
import { LiteButton } from '@/components/lite/lite-button';
import { LiteSpin } from '@/components/lite/lite-spin';

const swrConfig: SWRConfiguration = {
  // Default fetcher for plain GET keys; each endpoint hook passes its own typed fetcher.
  fetcher: (path: string) => request(path),
  // A portal page is read, not edited: refetching whenever the window regains focus only adds load.
  revalidateOnFocus: false,
  shouldRetryOnError: (error: unknown) => !isPermanentError(error),
  errorRetryCount: 3,
  // A fresh cache per mounted app (and so per test).
  provider: () => new Map(),
};

/**
 * One element around everything that carries the theme's CSS-variable class (antd puts it on its
 * own components only; the portal's links, headings and focus rings, and the frame's antd look-alikes
 * of components/lite/, read the variables too) and antd's text settings (`cp-app`, global.css).
 * antd itself — its ConfigProvider with zh_CN and the theme — comes with the pages and parts that
 * draw its components (components/antd-scope.tsx), not with every first page.
 */
function ThemedApp({ children }: { children: ReactNode }) {
  return <div className={`cp-app ${ANTD_CSS_VAR_KEY}`}>{children}</div>;
}

const LazyFeedbackHost = lazy(() => import('./feedback-host'));

/** antd's message and dialog holders (lib/feedback.ts), loaded and mounted once something is to be said. */
function Feedback() {
  const wanted = useFeedbackWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <LazyFeedbackHost />
    </Suspense>
  ) : null;
}

/** True once the promise has settled (at once without one). */
function useSettled(promise: Promise<void> | undefined): boolean {
  const [settled, setSettled] = useState(promise === undefined);
  useEffect(() => {
    let current = true;
    void promise?.then(() => {
      if (current) setSettled(true);
    });
    return () => {
      current = false;
    };
  }, [promise]);
  return settled;
}

/**
 * Renders the app only once the runtime configuration is loaded (everything below may read it)
 * and the opening page's module is there, so the first paint of the frame includes the page.
 * With the page's own copy of the configuration and no opening page to wait for (a pre-rendered
 * frame being hydrated), the first render is the app.
 */
function RuntimeConfigGate({
  children,
  openingPage,
  runtimeConfig,
}: {
  children: ReactNode;
  openingPage?: Promise<void>;
  runtimeConfig?: RuntimeConfig;
}) {
  const { data, error, mutate } = useRuntimeConfigQuery(runtimeConfig);
  const pageReady = useSettled(openingPage);
  // The configuration arrives through SWR's useSyncExternalStore, an update React renders at once
  // in one task. Deferred, the whole app's first render is a background render that React slices
  // and lets the browser in between (a 640 ms long task on a slow phone otherwise).
  const ready = useDeferredValue(data && pageReady ? data : undefined);
  if (ready) {
    return <RuntimeConfigContext.Provider value={ready}>{children}</RuntimeConfigContext.Provider>;
  }
  if (error) {
    return (
      <main className={styles.fullPage}>
        <LazyResult
          status="warning"
          title="网站暂时无法访问"
          subTitle={errorMessage(error)}
          extra={
            <LiteButton type="primary" onClick={() => void mutate()}>
              重新加载
            </LiteButton>
          }
        />
      </main>
    );
  }
  return (
    <div className={styles.fullPage} aria-busy="true">
      <LiteSpin description="正在加载…" />
    </div>
  );
}

function AppCrash() {
  return (
    <main className={styles.fullPage}>
      <LazyResult
        status="error"
        title="页面出现错误"
        subTitle="很抱歉，页面暂时无法显示，请刷新后重试。"
        extra={
          <LiteButton type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </LiteButton>
        }
      />
    </main>
  );
}

interface AppProviderProps {
  children: ReactNode;
  /** The opening page's module loading: holds the first render until it settles. */
  openingPage?: Promise<void>;
  /** The runtime configuration the page came with; without it, it is fetched before the first render. */
  runtimeConfig?: RuntimeConfig;
}

/**
 * Everything the app runs inside, configured once: the app-level error boundary, the
 * elder-friendly mode, the theme's element (antd's messages and dialogs: lib/feedback.ts), SWR and
 * the runtime configuration.
 */
export function AppProvider({ children, openingPage, runtimeConfig }: AppProviderProps) {
  return (
    <ErrorBoundary fallback={() => <AppCrash />}>
      <ElderModeProvider>
        <ThemedApp>
          <Feedback />
          <SWRConfig value={swrConfig}>
            <RuntimeConfigGate openingPage={openingPage} runtimeConfig={runtimeConfig}>
              {children}
            </RuntimeConfigGate>
          </SWRConfig>
        </ThemedApp>
      </ElderModeProvider>
    </ErrorBoundary>
  );
}
