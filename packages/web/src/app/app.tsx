import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { VisitLogContext, type LoggedClick } from '@/components/visit-log-context';
import { createVisitLog, type VisitLog } from '@/features/visit-log/visit-log';
import { startWebVitals, vitalSection } from '@/features/visit-log/web-vitals';
import type { RuntimeConfig, WebVitalSection } from '@credit-portal/shared';
import { AppProvider } from './provider';
import type { RouteVisit } from './route-guard';
import { createAppRouter, preloadOpeningPage } from './router';

interface AppProps {
  /** The visit log of the page; tests pass their own (default: localStorage queue, gateway sender). */
  visitLog?: VisitLog;
  /** The runtime configuration the page came with (main.tsx); without it, it is fetched first. */
  runtimeConfig?: RuntimeConfig;
  /**
   * The first render is a pre-rendered frame's (src/prerender/): rendered in Node, or hydrating
   * that frame in the browser. It shows the frame at once and the page when its module is there,
   * instead of waiting for the page's module before anything.
   */
  frame?: boolean;
  /** The window the router follows (the prerender's stand-in; default: the page's). */
  routerWindow?: Window;
  /**
   * The opening page's module loading, when main.tsx started it as the modules were evaluated
   * (preloadOpeningPage), before the app's first render; otherwise the app starts it.
   */
  openingPage?: Promise<void>;
}

/** The whole SPA: providers around the hash router, with the visit log on every navigation. */
export function App({
  visitLog: given,
  runtimeConfig,
  frame = false,
  routerWindow,
  openingPage: startedOpeningPage,
}: AppProps = {}) {
  const [visitLog] = useState(() => given ?? createVisitLog());
  const [logClick] = useState(() => (click: LoggedClick) => visitLog.log(click));
  // The section of the page the browser loaded: its Web Vitals are filed under it.
  const [landing] = useState<{ section: WebVitalSection | null }>(() => ({ section: null }));
  const [router] = useState(() =>
    createAppRouter({
      window: routerWindow,
      // One record per navigation: the route's pathLog and the address it was opened with.
      onVisit: ({ route, pathLog, path, search }: RouteVisit) => {
        landing.section ??= vitalSection(route);
        visitLog.log({ contentCode: pathLog, param: path + search });
      },
    }),
  );
  // Loading from the start in the browser, hydrating or not; in Node (the prerender) there is no page to load.
  const [openingPage] = useState(
    () => startedOpeningPage ?? (typeof window === 'undefined' ? undefined : preloadOpeningPage()),
  );
  useEffect(() => visitLog.start(), [visitLog]);
  // Real-user Web Vitals, loaded at idle time, ride on the visit log's batches.
  useEffect(
    () => startWebVitals({ record: (id, sample) => visitLog.logVital(id, sample), section: () => landing.section }),
    [visitLog, landing],
  );
  return (
    <AppProvider openingPage={frame ? undefined : openingPage} runtimeConfig={runtimeConfig}>
      <VisitLogContext.Provider value={logClick}>
        <RouterProvider router={router} />
      </VisitLogContext.Provider>
    </AppProvider>
  );
}
