import { render, waitFor } from '@testing-library/react';
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
import { appRoutes } from '@/app/routes';
import { paths } from '@/lib/paths';
import { TestProviders } from '../test-providers';

/*
 * Spec §2.1's main portal: the list of its paths covers every row of its sections, every route is
 * named in the paths module, the menu has the sections' entries, and the older entry points
 * redirect. Each of these paths is opened once in real Chromium, against the real services, at
 * 1440 and 375 px (e2e/portal.e2e.ts, "every route of the table": its own page, not /404, the
 * route's title and its breadcrumb); the title and breadcrumb of each row are checked on the table
 * itself in routes.test.ts. The redirects run without a gateway here (every call fails as if offline).
 */

/**
 * Paths of spec §2.1 owned by the main-portal issue, with the query their page expects: the
 * browser suite's PORTAL_PATHS (e2e/portal.e2e.ts) is the same list.
 */
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
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`${paths.searchList}/details`);
      expect(router.state.location.search).toBe('?id=42');
    });
  });
});
