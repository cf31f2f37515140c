import type { AppRoute } from './route-kit';
import { aboutRows } from './route-rows/about';
import { disclosureRows, jointRewardPunishmentRows } from './route-rows/disclosure';
import { h5Rows } from './route-rows/h5';
import { homeRows } from './route-rows/home';
import { interactionRows } from './route-rows/interaction';
import { newsRows } from './route-rows/news';
import { personalRows } from './route-rows/personal';
import { policyRows } from './route-rows/policy';
import { servicesRows } from './route-rows/services';
import { standaloneRows } from './route-rows/standalone';

/*
 * THE route table of the portal (STYLE.md: behaviour tables are data). Each row is one page: its
 * path, the page element (loaded lazily), the section label that makes the page title
 * ("<siteName> - <label>"), the breadcrumb trail after 首页, the pathLog code of the visit log
 * (spec §9), the meta tags, the frame it sits in, and whether the site map lists it. The router,
 * the route guard, the navigation menu, the breadcrumb and the site map all read this table;
 * nothing else decides what a route is. The rows live in one file per site section (route-rows/);
 * the row type, the frames and the hooks in route-kit.tsx. To add a page, add a row (README.md).
 */
export { FRAMES, SECTIONS, routeTitle, type AppRoute, type Frame, type SectionKey } from './route-kit';

/** Every route, in site-map order within each section. */
export const appRoutes: readonly AppRoute[] = [
  ...homeRows,
  ...newsRows,
  ...policyRows,
  ...disclosureRows,
  ...servicesRows,
  ...jointRewardPunishmentRows,
  ...interactionRows,
  ...personalRows,
  ...aboutRows,
  ...standaloneRows,
  ...h5Rows,
];

const byPath = new Map(appRoutes.map((route) => [route.path.toLowerCase(), route]));

/** The row of a path (case-insensitive, as the router matches), if the table has one. */
export function findRoute(path: string): AppRoute | undefined {
  return byPath.get(path.toLowerCase());
}

/** True when the table has a page at this path (menus show only these). */
export const hasRoute = (path: string): boolean => byPath.has(path.toLowerCase());
