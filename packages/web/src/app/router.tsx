import { Suspense, type ReactElement } from 'react';
import { createHashRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { IdleLogout } from '@/features/account/components/idle-logout';
import { ConsentGate } from '@/features/account/components/consent-gate';
import { paths } from '@/lib/paths';
import { H5Layout } from './layouts/h5-layout';
import { MainLayout } from './layouts/main-layout';
import { PageFallback } from './layouts/page-fallback';
import { StandaloneLayout } from './layouts/standalone-layout';
import { RouteError } from './route-error';
import { RouteGuard, type VisitListener } from './route-guard';
import { preloadPage, RouteTableContext, type AppRoute, type Frame, type RouteHandle } from './route-kit';
import { appRoutes, findRoute } from './routes';

export interface AppRouterOptions {
  /**
   * Called on every navigation with the visit (route, path, query, pathLog). The visit-log
   * queue plugs in here.
   */
  onVisit?: VisitListener;
  /**
   * The window whose address the router follows (default: the page's). The prerender passes a
   * stand-in holding the address of the frame it renders.
   */
  window?: Window;
}

/** The element of each frame a row can name; 'bare' pages sit directly under the root. */
const FRAME_ELEMENTS: Record<Exclude<Frame, 'bare'>, ReactElement> = {
  main: <MainLayout />,
  page: <StandaloneLayout variant="page" />,
  mobile: <StandaloneLayout variant="mobile" />,
  h5: <H5Layout />,
};

const ROOT_ID = 'root';
/** The route object a row goes under: its frame's, or the root's for a bare page. */
const parentId = (frame: Frame): string => (frame === 'bare' ? ROOT_ID : `frame-${frame}`);

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { route };
  return { path: route.path, element: route.page, handle, errorElement: <RouteError /> };
}

const rowsIn = (routes: readonly AppRoute[], frame: Frame): RouteObject[] =>
  routes.filter((route) => route.layout === frame).map(toRouteObject);

/**
 * The router's route objects: the root (route guard, idle logout, the page's Suspense) with the
 * frames, each wrapping the given rows that name it, and the redirects of / and of unknown paths.
 */
export function buildRouteObjects(
  { onVisit }: Pick<AppRouterOptions, 'onVisit'> = {},
  rows: readonly AppRoute[] = appRoutes,
) {
  const framed = (Object.keys(FRAME_ELEMENTS) as Exclude<Frame, 'bare'>[]).map((frame) => ({
    id: parentId(frame),
    element: FRAME_ELEMENTS[frame],
    children: rowsIn(rows, frame),
  }));
  const objects: RouteObject[] = [
    {
      id: ROOT_ID,
      path: '/',
      element: (
        <RouteTableContext.Provider value={appRoutes}>
          <RouteGuard onVisit={onVisit} />
          {/* A portal login ends when unused: on every page, whatever its frame. */}
          <IdleLogout />
          {/* A login whose consent to the rules in force is missing is asked again, on every page. */}
          <ConsentGate />
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </RouteTableContext.Provider>
      ),
      errorElement: <RouteError />,
      children: [
        { index: true, element: <Navigate to={paths.home} replace /> },
        ...framed,
        ...rowsIn(rows, 'bare'),
        { path: '*', element: <Navigate to={paths.notFound} replace /> },
      ],
    },
  ];
  return objects;
}

/** The path of a hash address: without '#', the query and trailing slashes ('/' for none). */
const hashPath = (hash: string): string => hash.replace(/^#/, '').split('?')[0]!.replace(/\/+$/, '') || '/';

/**
 * The portal's hash router (spec §2.1: hash-based routing; / → /index; unknown → /404).
 *
 * It starts with the row of the address it opens at only and adds each other row the first time
 * a navigation reaches its path (react-router's patchRoutesOnNavigation; the rows' own table,
 * routes.ts, answers which). Given all 85 rows at once, react-router compiles and ranks a pattern
 * for every one before the first render: on a phone, most of the app's first long task
 * (bench/web/profile.mjs; BENCHMARKS.md). Every path is static, so a row never shadows another.
 */
export function createAppRouter(options: AppRouterOptions = {}) {
  const opening = findRoute(hashPath((options.window ?? window).location.hash));
  return createHashRouter(buildRouteObjects(options, opening ? [opening] : []), {
    window: options.window,
    // No route has a loader: nothing to wait for before the first render. Given, it also keeps an
    // unknown opening path on '*' (its redirect to /404) instead of a first render of nothing
    // while react-router asks for more routes.
    hydrationData: { loaderData: {} },
    patchRoutesOnNavigation: ({ path, patch }) => {
      const route = findRoute(hashPath(path));
      if (route) patch(parentId(route.layout), [toRouteObject(route)]);
    },
  });
}

/** How long the first render waits for the opening page's module before showing the frame without it. */
const OPENING_PAGE_WAIT_MS = 3000;

/**
 * Starts loading the page of the address the app opens with, alongside the runtime configuration,
 * and settles when it is loaded (or after OPENING_PAGE_WAIT_MS): the app renders the frame and the
 * page together, instead of painting the frame with a fallback that the page then pushes aside.
 */
export function preloadOpeningPage(): Promise<void> {
  const opening = hashPath(window.location.hash);
  const route = findRoute(opening === '/' ? paths.home : opening);
  if (!route) return Promise.resolve();
  route.prefetch?.();
  return Promise.race([
    preloadPage(route.page),
    new Promise<void>((resolve) => window.setTimeout(resolve, OPENING_PAGE_WAIT_MS)),
  ]);
}
