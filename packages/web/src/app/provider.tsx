import { StyleProvider } from '@ant-design/cssinjs';
import { Button, ConfigProvider, Spin } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ErrorBoundary } from '@/components/error-boundary';
import { isPermanentError, request } from '@/lib/api-client';
import { RuntimeConfigContext, useRuntimeConfigQuery } from '@/lib/runtime-config';
import type { RuntimeConfig } from '@credit-portal/shared';
import { errorMessage } from '@/lib/api-client';
import { useFeedbackWanted } from '@/lib/feedback';
import { ElderModeProvider } from './elder-mode';
import { ANTD_CSS_VAR_KEY, RUNTIME_THEME } from './theme';
import styles from './provider.module.css';
import { LazyResult } from '@/components/lazy-result';

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
 * Where antd's CSS-in-JS would put its <style> elements: a node never attached to the document.
 * With `zeroRuntime` and the build's style generators stubbed out, all that reaches it is the text
 * of the theme's CSS variables, which the static sheet already holds; nothing is injected.
 */
const styleSink = typeof document === 'undefined' ? undefined : document.createElement('div');

/**
 * antd inside the app: its styles' sink, zh_CN and the theme, and one element around everything
 * that carries the theme's CSS-variable class (antd puts it on its own components only; the
 * portal's links, headings and focus rings read the variables too) and antd's text settings
 * (`cp-app`, global.css) — what antd's App component's element gave.
 */
function ThemedAntd({ children }: { children: ReactNode }) {
  return (
    <StyleProvider container={styleSink}>
      <ConfigProvider locale={zhCN} theme={RUNTIME_THEME}>
        <div className={`cp-app ${ANTD_CSS_VAR_KEY}`}>{children}</div>
      </ConfigProvider>
    </StyleProvider>
  );
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
            <Button type="primary" onClick={() => void mutate()}>
              重新加载
            </Button>
          }
        />
      </main>
    );
  }
  return (
    <div className={styles.fullPage} aria-busy="true">
      <Spin size="large" description="正在加载…" />
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
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
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
 * elder-friendly mode, antd (zh_CN, theme; its messages and dialogs: lib/feedback.ts), SWR and the
 * runtime configuration.
 */
export function AppProvider({ children, openingPage, runtimeConfig }: AppProviderProps) {
  return (
    <ErrorBoundary fallback={() => <AppCrash />}>
      <ElderModeProvider>
        <ThemedAntd>
          <Feedback />
          <SWRConfig value={swrConfig}>
            <RuntimeConfigGate openingPage={openingPage} runtimeConfig={runtimeConfig}>
              {children}
            </RuntimeConfigGate>
          </SWRConfig>
        </ThemedAntd>
      </ElderModeProvider>
    </ErrorBoundary>
  );
}
