import { Suspense, type ReactElement } from 'react';
import { createHashRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { IdleLogout } from '@/features/account/components/idle-logout';
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

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { route };
  return { path: route.path, element: route.page, handle, errorElement: <RouteError /> };
}

const rowsIn = (routes: readonly AppRoute[], frame: Frame): RouteObject[] =>
  routes.filter((route) => route.layout === frame).map(toRouteObject);

/** The router's route objects, built from the route table: each frame wraps the rows that name it. */
export function buildRouteObjects(
  { onVisit }: Pick<AppRouterOptions, 'onVisit'> = {},
  routes: readonly AppRoute[] = appRoutes,
) {
  const framed = (Object.keys(FRAME_ELEMENTS) as Exclude<Frame, 'bare'>[])
    .map((frame) => ({ element: FRAME_ELEMENTS[frame], children: rowsIn(routes, frame) }))
    .filter((group) => group.children.length > 0);
  const objects: RouteObject[] = [
    {
      path: '/',
      element: (
        <RouteTableContext.Provider value={routes}>
          <RouteGuard onVisit={onVisit} />
          {/* A portal login ends when unused (security issue 22): on every page, whatever its frame. */}
          <IdleLogout />
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </RouteTableContext.Provider>
      ),
      errorElement: <RouteError />,
      children: [
        { index: true, element: <Navigate to={paths.home} replace /> },
        ...framed,
        ...rowsIn(routes, 'bare'),
        { path: '*', element: <Navigate to={paths.notFound} replace /> },
      ],
    },
  ];
  return objects;
}

/** The portal's hash router (spec §2.1: hash-based routing; / → /index; unknown → /404). */
export function createAppRouter(options: AppRouterOptions = {}) {
  return createHashRouter(
    buildRouteObjects(options),
    // With a window of its own the router must not look for the page's (it reads hydration data
    // from it); there is none to give: no route has a loader.
    options.window ? { window: options.window, hydrationData: { loaderData: {} } } : undefined,
  );
}

/** How long the first render waits for the opening page's module before showing the frame without it. */
const OPENING_PAGE_WAIT_MS = 3000;

/**
 * Starts loading the page of the address the app opens with, alongside the runtime configuration,
 * and settles when it is loaded (or after OPENING_PAGE_WAIT_MS): the app renders the frame and the
 * page together, instead of painting the frame with a fallback that the page then pushes aside.
 */
export function preloadOpeningPage(): Promise<void> {
  const opening = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  const route = findRoute(opening === '/' ? paths.home : opening);
  if (!route) return Promise.resolve();
  route.prefetch?.();
  return Promise.race([
    preloadPage(route.page),
    new Promise<void>((resolve) => window.setTimeout(resolve, OPENING_PAGE_WAIT_MS)),
  ]);
}
