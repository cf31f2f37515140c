import { Suspense } from 'react';
import { createHashRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { MainLayout } from './layouts/main-layout';
import { PageFallback } from './layouts/page-fallback';
import { RouteError } from './route-error';
import { RouteGuard, type RouteHandle, type VisitListener } from './route-guard';
import { appRoutes, type AppRoute } from './routes';

export interface AppRouterOptions {
  /**
   * Called on every navigation with the visit (route, path, query, pathLog). The visit-log
   * queue plugs in here.
   */
  onVisit?: VisitListener;
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { route };
  return { path: route.path, element: route.page, handle, errorElement: <RouteError /> };
}

/** The router's route objects, built from the route table. */
export function buildRouteObjects({ onVisit }: AppRouterOptions = {}): RouteObject[] {
  const main = appRoutes.filter((route) => route.layout === 'main').map(toRouteObject);
  const standalone = appRoutes.filter((route) => route.layout === 'standalone').map(toRouteObject);
  return [
    {
      path: '/',
      element: (
        <>
          <RouteGuard onVisit={onVisit} />
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </>
      ),
      errorElement: <RouteError />,
      children: [
        { index: true, element: <Navigate to={paths.home} replace /> },
        { element: <MainLayout />, children: main },
        ...standalone,
        { path: '*', element: <Navigate to={paths.notFound} replace /> },
      ],
    },
  ];
}

/** The portal's hash router (spec §2.1: hash-based routing; / → /index; unknown → /404). */
export function createAppRouter(options: AppRouterOptions = {}) {
  return createHashRouter(buildRouteObjects(options));
}
