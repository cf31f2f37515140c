import { PATH_LOG } from '@credit-portal/shared';
import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, visibleNavItems } from '@/app/layouts/nav-items';
import { appRoutes, findRoute, FRAMES, hasRoute, routeTitle } from '@/app/routes';
import { paths } from '@/lib/paths';

const PATH_LOG_CODES = new Set<string>(Object.values(PATH_LOG));

/** Paths named in the paths module that have no row, each on purpose: the root redirects to the home page. */
const UNROUTED: readonly string[] = [paths.root];

describe('the route table', () => {
  it('has one row per path', () => {
    const seen = appRoutes.map((route) => route.path.toLowerCase());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it.each(appRoutes.map((route) => [route.path, route] as const))(
    '%s has a title, breadcrumb, pathLog and meta tags',
    (_path, route) => {
      expect(route.label.trim()).not.toBe('');
      expect(routeTitle('信用云州', route)).toBe(`信用云州 - ${route.label}`);
      expect(routeTitle('信用云州', route, '某记录')).toBe(`信用云州 - 某记录 - ${route.label}`);
      expect(PATH_LOG_CODES.has(route.pathLog)).toBe(true);
      expect(route.meta.keywords.length).toBeGreaterThan(0);
      expect(route.meta.description.trim()).not.toBe('');
      expect(FRAMES).toContain(route.layout);
      expect(route.page).toBeTruthy();
      if (route.path === paths.home) {
        expect(route.breadcrumb).toEqual([]);
        return;
      }
      expect(route.breadcrumb.length).toBeGreaterThan(0);
      const last = route.breadcrumb.at(-1)!;
      expect(last.label.trim()).not.toBe('');
      expect(last.path).toBeUndefined();
      // Every earlier step links to a page that exists.
      for (const crumb of route.breadcrumb.slice(0, -1)) {
        expect(crumb.path && hasRoute(crumb.path), `${route.path} → ${crumb.label}`).toBe(true);
      }
    },
  );

  it('has a row for every path of the paths module, or lists it as intentionally unrouted', () => {
    const missing = Object.values(paths).filter((path) => !hasRoute(path) && !UNROUTED.includes(path));
    expect(missing).toEqual([]);
    // An unrouted path that gains a row leaves the list.
    expect(UNROUTED.filter((path) => hasRoute(path))).toEqual([]);
  });

  it('puts the phone pages in the mobile frame and the pages that draw their own frame in none', () => {
    // Only the phone-only page (spec §2.1) has the app bar; the lending page and the guide have the portal's frame.
    expect(findRoute(paths.lendingMobile)?.layout).toBe('mobile');
    expect(findRoute(paths.lending)?.layout).toBe('main');
    expect(findRoute(paths.mobileGuide)?.layout).toBe('main');
    expect(findRoute(paths.notFound)?.layout).toBe('bare');
    expect(findRoute(paths.register)?.layout).toBe('page');
    expect(findRoute(paths.home)?.layout).toBe('main');
    for (const path of [paths.h5Login, paths.h5ReportLogin, paths.h5Home, paths.h5Report]) {
      expect(findRoute(path)?.layout, path).toBe('h5');
    }
  });

  it('holds the foundation pages', () => {
    for (const path of [paths.home, paths.notFound, paths.webMap, paths.news, paths.newsList, paths.newsDetails]) {
      expect(findRoute(path), path).toBeDefined();
    }
    for (const path of [paths.notices, paths.noticeDetails, paths.riskWarnings, paths.riskWarningDetails]) {
      expect(findRoute(path), path).toBeDefined();
    }
    for (const path of [paths.policy, paths.policyList, paths.policyDetails]) {
      expect(findRoute(path), path).toBeDefined();
    }
  });

  it('matches paths case-insensitively, like the router', () => {
    expect(findRoute('/INDEX/WEBMAP')?.path).toBe(paths.webMap);
  });

  it('uses the section pathLog codes of spec §9', () => {
    expect(findRoute(paths.home)?.pathLog).toBe('01');
    expect(findRoute(paths.newsList)?.pathLog).toBe('0103');
    expect(findRoute(paths.policyDetails)?.pathLog).toBe('0104');
  });

  it('shows only the menu items whose pages exist', () => {
    const shown = visibleNavItems().map((item) => item.path);
    expect(shown).toEqual(NAV_ITEMS.filter((item) => hasRoute(item.path)).map((item) => item.path));
    expect(shown).toContain(paths.home);
    expect(shown).toContain(paths.news);
    expect(shown).toContain(paths.disclosure);
    expect(shown).toContain(paths.services);
  });
});
