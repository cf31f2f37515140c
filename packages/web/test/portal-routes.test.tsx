import { render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAV_ITEMS, visibleNavItems } from '@/app/layouts/nav-items';
import { aboutRows } from '@/app/route-rows/about';
import { jointRewardPunishmentRows } from '@/app/route-rows/disclosure';
import { homeRows } from '@/app/route-rows/home';
import { interactionRows } from '@/app/route-rows/interaction';
import { newsRows } from '@/app/route-rows/news';
import { policyRows } from '@/app/route-rows/policy';
import { servicesRows } from '@/app/route-rows/services';
import { standaloneRows } from '@/app/route-rows/standalone';
import { createAppRouter } from '@/app/router';
import { appRoutes, findRoute, routeTitle } from '@/app/routes';
import { paths } from '@/lib/paths';
import { TEST_RUNTIME_CONFIG, TestProviders } from './test-providers';

/*
 * Table-driven over spec §2.1: every path of the main portal that issue 4 delivers resolves
 * to its page (not /404), with the route's title and its breadcrumb on screen. The pages run
 * without a gateway here (every call fails as if offline): what is checked is the routing and
 * the frame, the content is checked against the real services elsewhere.
 */

/** Paths of spec §2.1 owned by the main-portal issue, with the query their page expects. */
const ISSUE_4_PATHS: readonly (readonly [path: string, query: string])[] = [
  // Home and general.
  [paths.home, ''],
  [paths.governmentVoice, ''],
  [paths.governmentVoiceDetails, '?id=10149'],
  [paths.construction, ''],
  [paths.topicDetails, '?id=10073'],
  [paths.regionalCredit, ''],
  [paths.regionalCreditDetails, '?id=10161'],
  [paths.articleSearch, '?keyword=信用'],
  [paths.categoryList, '?id=3004&dataFlag=1'],
  [paths.office, ''],
  [paths.webMap, ''],
  [paths.centreIntro, ''],
  // Credit news.
  [paths.news, ''],
  [paths.newsList, ''],
  [paths.newsDetails, '?id=10001'],
  [paths.notices, ''],
  [paths.noticeDetails, '?id=10037'],
  [paths.riskWarnings, ''],
  [paths.riskWarningDetails, '?id=10061'],
  [paths.specialGovernance, ''],
  [paths.specialGovernanceDetails, '?id=10073'],
  [paths.integrityPublicity, ''],
  [paths.integrityPublicityDetails, '?id=10085'],
  [paths.integrityJourney, ''],
  [paths.integrityJourneyDetails, '?id=10097'],
  [paths.newsArticle, '?id=10001'],
  // Policy.
  [paths.policy, ''],
  [paths.policyList, ''],
  [paths.policyDetails, '?id=10107'],
  [paths.legislation, ''],
  [paths.legislationDetails, '?id=10127'],
  [paths.interpretation, ''],
  [paths.interpretationDetails, '?id=10137'],
  [paths.policyArticle, '?id=10107'],
  // Interaction, joint reward and punishment, annual reports.
  [paths.interaction, ''],
  [paths.interactionHome, ''],
  [paths.interactionStatistics, ''],
  [paths.interactionStatisticsDetail, '?year=2025'],
  [paths.interactionSearch, '?keyword=信用'],
  [paths.interactionList, ''],
  [paths.interactionDetail, '?id=1'],
  [paths.jointRewardPunishment, ''],
  [paths.jointRewardPunishmentList, ''],
  [paths.jointRewardPunishmentDetails, '?id=10175'],
  [paths.annualReports, ''],
  [paths.annualReport2022, ''],
  [paths.annualReport2023, ''],
  [paths.annualReport2024, ''],
  // Standalone pages.
  [paths.organisation, ''],
  [paths.personalCredit, ''],
  [paths.flipbook, '?record_id=10289'],
  [paths.areaDetails, '?recordId=9001&categoryId=6001&cmsBaseId=11'],
  [paths.lending, ''],
  [paths.mobileGuide, ''],
];

/** The rows of the sections this file covers (entity search and the account pages have their own tests). */
const portalRoutes = [
  ...homeRows,
  ...newsRows,
  ...policyRows,
  ...interactionRows,
  ...jointRewardPunishmentRows,
  ...aboutRows,
  // The third-party check (/public/xyhc) belongs to the credit services, tested in services*.test.tsx.
  ...servicesRows.filter((route) => route.layout !== 'main' && route.path !== paths.publicCheck),
  ...standaloneRows.filter((route) => route.path === paths.areaDetails),
];

const { siteName } = TEST_RUNTIME_CONFIG;

function renderAt(hash: string) {
  window.history.replaceState(null, '', `/${hash}`);
  const router = createAppRouter();
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline'))),
  );
  if (!document.head.querySelector('title')) document.head.append(document.createElement('title'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the main portal routes of spec §2.1', () => {
  it.each(ISSUE_4_PATHS)('%s resolves to its page with a title and a breadcrumb', async (path, query) => {
    const route = findRoute(path);
    expect(route, path).toBeDefined();
    const router = renderAt(`#${path}${query}`);
    await waitFor(() => expect(document.title).toBe(routeTitle(siteName, route!)), { timeout: 15_000 });
    expect(router.state.location.pathname).toBe(path);
    const last = route!.breadcrumb.at(-1);
    if (route!.path === paths.home) {
      expect(route!.breadcrumb).toEqual([]);
    } else if (route!.path === paths.mobileGuide) {
      // The phone pages show where one is in their app bar.
      expect(await screen.findByRole('heading', { level: 1, name: last!.label })).toBeInTheDocument();
    } else {
      const trail = await screen.findByRole('navigation', { name: '当前位置' });
      expect(within(trail).getByText('首页').closest('a')).toHaveAttribute('href', `#${paths.home}`);
      expect(trail).toHaveTextContent(last!.label);
    }
  });

  it('lists every row of the portal table but the redirects, which have their own tests', () => {
    const listed = new Set(ISSUE_4_PATHS.map(([path]) => path));
    const redirects: string[] = [paths.lendingMobile, paths.legacySearchList, paths.legacyEntityDetails];
    const missing = portalRoutes
      .map((route) => route.path)
      .filter((path) => !listed.has(path) && !redirects.includes(path));
    expect(missing).toEqual([]);
  });

  it('names every route in the paths module, so the browser suite can open each of them', () => {
    const known = new Set<string>(Object.values(paths));
    for (const route of appRoutes) expect(known.has(route.path), route.path).toBe(true);
  });

  it('shows menu entries for the sections it adds', () => {
    const shown = visibleNavItems().map((item) => item.path);
    for (const path of [paths.jointRewardPunishment, paths.interaction, paths.lending, paths.centreIntro]) {
      expect(shown).toContain(path);
    }
    expect(NAV_ITEMS.every((item) => item.label.trim() !== '')).toBe(true);
  });
});

describe('the older entry points', () => {
  it('/searchLists goes to the entity search list with the keyword', async () => {
    const router = renderAt('#/searchLists?searchKey=恒信');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.searchList));
    expect(new URLSearchParams(router.state.location.search).get('searchKey')).toBe('恒信');
  });

  it('/entDetails goes to the entity details with the id', async () => {
    const router = renderAt('#/entDetails?id=42');
    await waitFor(() => expect(router.state.location.pathname).toBe(`${paths.searchList}/details`));
    expect(router.state.location.search).toBe('?id=42');
  });
});
