import { Suspense, type ReactElement } from 'react';
import { createHashRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { H5Layout } from './layouts/h5-layout';
import { MainLayout } from './layouts/main-layout';
import { PageFallback } from './layouts/page-fallback';
import { StandaloneLayout } from './layouts/standalone-layout';
import { RouteError } from './route-error';
import { RouteGuard, type VisitListener } from './route-guard';
import { RouteTableContext, type AppRoute, type Frame, type RouteHandle } from './route-kit';
import { appRoutes } from './routes';

export interface AppRouterOptions {
  /**
   * Called on every navigation with the visit (route, path, query, pathLog). The visit-log
   * queue plugs in here.
   */
  onVisit?: VisitListener;
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
export function buildRouteObjects({ onVisit }: AppRouterOptions = {}, routes: readonly AppRoute[] = appRoutes) {
  const framed = (Object.keys(FRAME_ELEMENTS) as Exclude<Frame, 'bare'>[])
    .map((frame) => ({ element: FRAME_ELEMENTS[frame], children: rowsIn(routes, frame) }))
    .filter((group) => group.children.length > 0);
  const objects: RouteObject[] = [
    {
      path: '/',
      element: (
        <RouteTableContext.Provider value={routes}>
          <RouteGuard onVisit={onVisit} />
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
  return createHashRouter(buildRouteObjects(options));
}
