import { pathLogWithTab } from '@credit-portal/shared';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRecordName } from '@/hooks/use-record-title';
import { registerNavigate } from '@/lib/app-bridge';
import { paths } from '@/lib/paths';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { routeTitle, useCurrentRoute, type AppRoute } from './route-kit';

/** One navigation, as the visit log records it. */
export interface RouteVisit {
  route: AppRoute;
  /** The path navigated to. */
  path: string;
  /** The query of the navigation (kept even when the address drops it). */
  search: string;
  /** The route's pathLog code, altered by a currentTab query (spec §9). */
  pathLog: string;
}

/** Receives every navigation: the seam where the visit-log queue plugs in. */
export type VisitListener = (visit: RouteVisit) => void;

/** Spec §4: on these routes the query is dropped from the address bar (the route keeps it). */
export const ADDRESS_QUERY_DROPPED: readonly string[] = [paths.home, paths.searchList, paths.publicCheck];

function setMeta(name: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
}

/** Replaces the document title and meta tags with the route's (spec §2.1, §4), naming the page's record if it has one. */
export function applyDocumentHead(route: AppRoute, siteName: string, record?: string): void {
  // Spec §8: a page without a <title> tag is logged as an error (setting the title then creates one).
  if (!document.head.querySelector('title')) console.error('页面缺少 <title> 标签');
  document.title = routeTitle(siteName, route, record);
  setMeta('keywords', [siteName, ...route.meta.keywords].join(','));
  setMeta('description', route.meta.description);
}

/** Rewrites the address bar without the query, leaving the router's location as it is. */
function dropAddressQuery(path: string): void {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}#${path}`);
}

/**
 * The route guard of spec §4, run on every navigation: replaces the title and meta tags, scrolls
 * to the top, drops the address query on the three routes, and reports the visit to `onVisit`.
 */
export function RouteGuard({ onVisit }: { onVisit?: VisitListener }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { siteName } = useRuntimeConfig();
  const route = useCurrentRoute();
  const recordName = useRecordName();
  const record = recordName?.key === location.key ? recordName.name : undefined;
  // Each navigation makes a new location object (its key is not enough: an address typed or
  // changed by hand always has the key 'default'). A re-run of the effect for the same
  // location (StrictMode, a new siteName) must not log it twice.
  const logged = useRef<typeof location | null>(null);

  // Code outside React (the API client's not-logged-in rule) navigates through the router.
  useEffect(() => registerNavigate((path, options) => void navigate(path, options)), [navigate]);

  // On every navigation (as before the record names), and again once the page names its record.
  useEffect(() => {
    if (route) applyDocumentHead(route, siteName, record);
  }, [location, route, siteName, record]);

  useEffect(() => {
    if (!route) return;
    window.scrollTo(0, 0);
    if (location.search && ADDRESS_QUERY_DROPPED.includes(route.path)) dropAddressQuery(location.pathname);
    if (logged.current === location) return;
    logged.current = location;
    const currentTab = new URLSearchParams(location.search).get('currentTab');
    onVisit?.({
      route,
      path: location.pathname,
      search: location.search,
      pathLog: pathLogWithTab(route.pathLog, currentTab),
    });
    // A new location object is a new navigation; the other values only change with it.
  }, [location, route, siteName, onVisit]);

  return null;
}
