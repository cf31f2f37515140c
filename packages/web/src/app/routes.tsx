import { CONTENT_SECTIONS, PATH_LOG } from '@credit-portal/shared';
import { page, type AppRoute } from './route-kit';
import { accountRoutes } from './account-routes';
import { portalRoutes } from './portal-routes';
import { paths } from '@/lib/paths';

/*
 * THE route table of the portal (STYLE.md: behaviour tables are data). Each row is one page:
 * its path, the page element (loaded lazily), the section label that makes the page title
 * ("<siteName> - <label>"), the breadcrumb trail after 首页, the pathLog code of the visit
 * log (spec §9), the meta tags, and which layout it sits in. The router, the route guard,
 * the navigation menu, the breadcrumb and the site map all read this table; nothing else
 * decides what a route is. To add a page, add a row (see README.md).
 */
export { SECTIONS, type AppRoute, type SectionKey } from './route-kit';

const loadContentOverview = () => import('@/features/content/components/content-overview-page');
const loadContentList = () => import('@/features/content/components/content-list-page');
const loadContentDetails = () => import('@/features/content/components/content-details-page');

const NEWS = CONTENT_SECTIONS.news.label;
const NOTICES = CONTENT_SECTIONS.notices.label;
const RISK = CONTENT_SECTIONS.riskWarnings.label;
const POLICY = CONTENT_SECTIONS.policy.label;
const DETAILS = '正文';

const coreRoutes: readonly AppRoute[] = [
  {
    path: paths.home,
    label: '首页',
    section: 'home',
    breadcrumb: [],
    pathLog: PATH_LOG.home,
    meta: {
      keywords: ['信用查询', '信用动态', '政策法规', '行政许可', '行政处罚'],
      description: '公共信用信息服务门户：信用主体查询、信用动态、通知公告、政策法规与双公示信息。',
    },
    layout: 'main',
    inSiteMap: true,
    page: page(() => import('@/features/home/components/home-page')),
  },
  {
    path: paths.webMap,
    label: '网站地图',
    section: 'home',
    breadcrumb: [{ label: '网站地图' }],
    pathLog: PATH_LOG.home,
    meta: { keywords: ['网站地图', '栏目导航'], description: '网站地图：本网站全部栏目的导航。' },
    layout: 'main',
    inSiteMap: false,
    page: page(() => import('./pages/web-map-page')),
  },
  {
    path: paths.notFound,
    label: '页面未找到',
    section: 'home',
    breadcrumb: [{ label: '页面未找到' }],
    pathLog: PATH_LOG.home,
    meta: { keywords: ['404'], description: '您访问的页面不存在或已被移除。' },
    layout: 'standalone',
    inSiteMap: false,
    page: page(() => import('./pages/not-found-page')),
  },
  // Credit news (信用动态).
  {
    path: paths.news,
    label: NEWS,
    section: 'news',
    breadcrumb: [{ label: NEWS }],
    pathLog: PATH_LOG.news,
    meta: { keywords: [NEWS, NOTICES, RISK], description: '信用动态：社会信用体系建设工作动态、通知公告与风险提示。' },
    layout: 'main',
    inSiteMap: true,
    page: page(loadContentOverview, {
      heading: NEWS,
      blocks: [
        { section: 'news', listPath: paths.newsList, detailsBase: paths.newsDetails },
        { section: 'notices', listPath: paths.notices, detailsBase: paths.noticeDetails },
        { section: 'riskWarnings', listPath: paths.riskWarnings, detailsBase: paths.riskWarningDetails },
        {
          section: 'specialGovernance',
          listPath: paths.specialGovernance,
          detailsBase: paths.specialGovernanceDetails,
        },
        {
          section: 'integrityPublicity',
          listPath: paths.integrityPublicity,
          detailsBase: paths.integrityPublicityDetails,
        },
        { section: 'integrityJourney', listPath: paths.integrityJourney, detailsBase: paths.integrityJourneyDetails },
      ],
    }),
  },
  {
    path: paths.newsList,
    label: NEWS,
    section: 'news',
    breadcrumb: [{ label: NEWS, path: paths.news }, { label: `${NEWS}列表` }],
    pathLog: PATH_LOG.news,
    meta: { keywords: [NEWS, '工作动态'], description: '信用动态列表：社会信用体系建设的最新工作动态。' },
    layout: 'main',
    inSiteMap: true,
    page: page(loadContentList, { section: 'news', detailsBase: paths.newsDetails }),
  },
  {
    path: paths.newsDetails,
    label: NEWS,
    section: 'news',
    breadcrumb: [{ label: NEWS, path: paths.news }, { label: `${NEWS}列表`, path: paths.newsList }, { label: DETAILS }],
    pathLog: PATH_LOG.news,
    meta: { keywords: [NEWS], description: '信用动态正文。' },
    layout: 'main',
    inSiteMap: false,
    page: page(loadContentDetails, { listPath: paths.newsList, listLabel: `${NEWS}列表` }),
  },
  {
    path: paths.notices,
    label: NOTICES,
    section: 'news',
    breadcrumb: [{ label: NEWS, path: paths.news }, { label: NOTICES }],
    pathLog: PATH_LOG.news,
    meta: { keywords: [NOTICES, '公告'], description: '通知公告：信用工作相关的通知与公告。' },
    layout: 'main',
    inSiteMap: true,
    page: page(loadContentList, { section: 'notices', detailsBase: paths.noticeDetails }),
  },
  {
    path: paths.noticeDetails,
    label: NOTICES,
    section: 'news',
    breadcrumb: [{ label: NEWS, path: paths.news }, { label: NOTICES, path: paths.notices }, { label: DETAILS }],
    pathLog: PATH_LOG.news,
    meta: { keywords: [NOTICES], description: '通知公告正文。' },
    layout: 'main',
    inSiteMap: false,
    page: page(loadContentDetails, { listPath: paths.notices, listLabel: NOTICES }),
  },
  {
    path: paths.riskWarnings,
    label: RISK,
    section: 'news',
    breadcrumb: [{ label: NEWS, path: paths.news }, { label: RISK }],
    pathLog: PATH_LOG.news,
    meta: { keywords: [RISK, '信用风险'], description: '风险提示：信用风险提示与防范信息。' },
    layout: 'main',
    inSiteMap: true,
    page: page(loadContentList, { section: 'riskWarnings', detailsBase: paths.riskWarningDetails }),
  },
  {
    path: paths.riskWarningDetails,
    label: RISK,
    section: 'news',
    breadcrumb: [{ label: NEWS, path: paths.news }, { label: RISK, path: paths.riskWarnings }, { label: DETAILS }],
    pathLog: PATH_LOG.news,
    meta: { keywords: [RISK], description: '风险提示正文。' },
    layout: 'main',
    inSiteMap: false,
    page: page(loadContentDetails, { listPath: paths.riskWarnings, listLabel: RISK }),
  },
  // Policy (政策法规).
  {
    path: paths.policy,
    label: POLICY,
    section: 'policy',
    breadcrumb: [{ label: POLICY }],
    pathLog: PATH_LOG.policy,
    meta: {
      keywords: [POLICY, CONTENT_SECTIONS.legislation.label, CONTENT_SECTIONS.interpretation.label],
      description: '政策法规：社会信用体系建设的法律法规、信用立法与政策解读。',
    },
    layout: 'main',
    inSiteMap: true,
    page: page(loadContentOverview, {
      heading: POLICY,
      blocks: [
        { section: 'policy', listPath: paths.policyList, detailsBase: paths.policyDetails },
        { section: 'legislation', listPath: paths.legislation, detailsBase: paths.legislationDetails },
        { section: 'interpretation', listPath: paths.interpretation, detailsBase: paths.interpretationDetails },
      ],
    }),
  },
  {
    path: paths.policyList,
    label: POLICY,
    section: 'policy',
    breadcrumb: [{ label: POLICY, path: paths.policy }, { label: `${POLICY}列表` }],
    pathLog: PATH_LOG.policy,
    meta: {
      keywords: [POLICY, '法律法规', '规范性文件'],
      description: '政策法规列表：信用相关的法律法规与规范性文件。',
    },
    layout: 'main',
    inSiteMap: true,
    page: page(loadContentList, { section: 'policy', detailsBase: paths.policyDetails }),
  },
  {
    path: paths.policyDetails,
    label: POLICY,
    section: 'policy',
    breadcrumb: [
      { label: POLICY, path: paths.policy },
      { label: `${POLICY}列表`, path: paths.policyList },
      { label: DETAILS },
    ],
    pathLog: PATH_LOG.policy,
    meta: { keywords: [POLICY], description: '政策法规正文。' },
    layout: 'main',
    inSiteMap: false,
    page: page(loadContentDetails, { listPath: paths.policyList, listLabel: `${POLICY}列表` }),
  },
  // Information disclosure: the licence and penalty publications the notice lists open.
  ...(['licence', 'penalty'] as const).map((kind): AppRoute => ({
    path: kind === 'licence' ? paths.licenceDetails : paths.penaltyDetails,
    label: kind === 'licence' ? '行政许可公示' : '行政处罚公示',
    section: 'disclosure',
    breadcrumb: [{ label: kind === 'licence' ? '行政许可详情' : '行政处罚详情' }],
    pathLog: PATH_LOG.disclosure,
    meta: {
      keywords: ['双公示', kind === 'licence' ? '行政许可' : '行政处罚'],
      description: kind === 'licence' ? '行政许可公示信息详情。' : '行政处罚公示信息详情。',
    },
    layout: 'main',
    inSiteMap: false,
    page: page(() => import('@/features/publicity/components/publicity-details-page'), { kind }),
  })),
];

/** Every route: the core pages here, then the portal sections and the account pages. */
export const appRoutes: readonly AppRoute[] = [...coreRoutes, ...portalRoutes, ...accountRoutes];

const byPath = new Map(appRoutes.map((route) => [route.path.toLowerCase(), route]));

/** The row of a path (case-insensitive, as the router matches), if the table has one. */
export function findRoute(path: string): AppRoute | undefined {
  return byPath.get(path.toLowerCase());
}

/** True when the table has a page at this path (menus show only these). */
export const hasRoute = (path: string): boolean => byPath.has(path.toLowerCase());

/** The document title of a route: "<siteName> - <label>". */
export const routeTitle = (siteName: string, route: AppRoute): string => `${siteName} - ${route.label}`;
