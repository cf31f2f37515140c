import { CONTENT_SECTIONS, PATH_LOG, type ContentSectionKey } from '@credit-portal/shared';
import type { ReactElement } from 'react';
import { RedirectWithQuery } from '@/components/redirect-with-query';
import { paths, withQuery } from '@/lib/paths';
import { StandaloneLayout } from './layouts/standalone-layout';
import { page, type AppRoute } from './route-kit';

/*
 * Route-table rows of the main portal beyond the foundation's news and policy pages: home and
 * general pages, the other news and policy sections, the named article routes, interaction,
 * joint reward and punishment, annual reports, and the standalone pages (organisation,
 * personal credit, reading book, lending, service guide, district and older entry points).
 *
 * pathLog (spec §9): home 01, credit news 0103, policy 0104, lending 0108, personal centre 0109
 * (the spec lists the annual reports under the personal centre). Sections the spec gives no
 * code of their own (interaction, joint reward and punishment, the centre's pages) log as home.
 */

const loadContentOverview = () => import('@/features/content/components/content-overview-page');
const loadContentList = () => import('@/features/content/components/content-list-page');
const loadContentDetails = () => import('@/features/content/components/content-details-page');
const loadAnnualReport = () => import('@/features/annual-reports/components/annual-report-page');

const label = (key: ContentSectionKey): string => CONTENT_SECTIONS[key].label;
const NEWS = label('news');
const POLICY = label('policy');
const DETAILS = '正文';
const INTERACTION = '互动交流';
const JOINT = label('jointRewardPunishment');
const ANNUAL = label('annualReports');

const contentList = (section: ContentSectionKey, detailsBase: string) =>
  page(loadContentList, { section, detailsBase });
const contentDetails = (listPath: string, listLabel: string) => page(loadContentDetails, { listPath, listLabel });

/** A standalone page inside the slim frame (or the phone app bar). */
const framed = (element: ReactElement, variant: 'page' | 'mobile' = 'page') => (
  <StandaloneLayout variant={variant}>{element}</StandaloneLayout>
);

/** A CMS section with a list page and a details page: two rows. */
function sectionRows(options: {
  section: ContentSectionKey;
  sectionKey: AppRoute['section'];
  listPath: string;
  detailsPath: string;
  /** Breadcrumb steps before the list (the section's landing page). */
  parents: AppRoute['breadcrumb'];
  pathLog: string;
  description: string;
  keywords: readonly string[];
  /** The list's breadcrumb label when it differs from the section's (a section under a landing page of the same name). */
  listLabel?: string;
}): AppRoute[] {
  const name = label(options.section);
  const listLabel = options.listLabel ?? name;
  return [
    {
      path: options.listPath,
      label: name,
      section: options.sectionKey,
      breadcrumb: [...options.parents, { label: listLabel }],
      pathLog: options.pathLog,
      meta: { keywords: [name, ...options.keywords], description: options.description },
      layout: 'main',
      inSiteMap: true,
      page: contentList(options.section, options.detailsPath),
    },
    {
      path: options.detailsPath,
      label: name,
      section: options.sectionKey,
      breadcrumb: [...options.parents, { label: listLabel, path: options.listPath }, { label: DETAILS }],
      pathLog: options.pathLog,
      meta: { keywords: [name], description: `${name}正文。` },
      layout: 'main',
      inSiteMap: false,
      page: contentDetails(options.listPath, listLabel),
    },
  ];
}

const ANNUAL_YEARS = [
  [2022, paths.annualReport2022],
  [2023, paths.annualReport2023],
  [2024, paths.annualReport2024],
] as const;

/** The main portal's own rows (see the note at the top of the file). */
export const portalRoutes: readonly AppRoute[] = [
  // Home and general.
  ...sectionRows({
    section: 'governmentVoice',
    sectionKey: 'home',
    listPath: paths.governmentVoice,
    detailsPath: paths.governmentVoiceDetails,
    parents: [],
    pathLog: PATH_LOG.home,
    keywords: ['市政府', '信用工作部署'],
    description: '政府声音：市政府关于社会信用体系建设的部署与要求。',
  }),
  ...sectionRows({
    section: 'regionalCredit',
    sectionKey: 'home',
    listPath: paths.regionalCredit,
    detailsPath: paths.regionalCreditDetails,
    parents: [],
    pathLog: PATH_LOG.home,
    keywords: ['区县', '信用建设'],
    description: '区域信用：各区社会信用体系建设工作动态。',
  }),
  {
    path: paths.construction,
    label: '建设中',
    section: 'home',
    breadcrumb: [{ label: '建设中' }],
    pathLog: PATH_LOG.home,
    meta: { keywords: ['栏目建设'], description: '该栏目正在建设中，敬请期待。' },
    layout: 'main',
    inSiteMap: false,
    page: page(() => import('./pages/construction-page')),
  },
  {
    path: paths.topicDetails,
    label: '专题报道',
    section: 'home',
    breadcrumb: [{ label: '专题报道' }],
    pathLog: PATH_LOG.home,
    meta: { keywords: ['专题报道', '防疫和复工复产'], description: '专题报道正文。' },
    layout: 'main',
    inSiteMap: false,
    page: contentDetails(paths.articleSearch, '文章检索'),
  },
  {
    path: paths.articleSearch,
    label: '文章检索',
    section: 'home',
    breadcrumb: [{ label: '文章检索' }],
    pathLog: PATH_LOG.home,
    meta: { keywords: ['文章检索', NEWS, POLICY], description: '文章检索：按关键字检索本网站各栏目发布的文章。' },
    layout: 'main',
    inSiteMap: true,
    page: page(() => import('@/features/article-search/components/article-search-page')),
  },
  {
    path: paths.categoryList,
    label: '信息列表',
    section: 'home',
    breadcrumb: [{ label: '信息列表' }],
    pathLog: PATH_LOG.home,
    meta: { keywords: ['信息列表'], description: '栏目信息列表。' },
    layout: 'main',
    inSiteMap: false,
    page: page(loadContentList, { detailsBase: paths.newsArticle }),
  },
  {
    path: paths.office,
    label: label('office'),
    section: 'about',
    breadcrumb: [{ label: label('about'), path: paths.centreIntro }, { label: label('office') }],
    pathLog: PATH_LOG.home,
    meta: { keywords: ['办公地址', '办公时间', '咨询电话'], description: '办公室：办公地址、办公时间与咨询电话。' },
    layout: 'main',
    inSiteMap: true,
    page: page(() => import('@/features/about/components/office-page')),
  },
  {
    path: paths.centreIntro,
    label: label('about'),
    section: 'about',
    breadcrumb: [{ label: label('about') }],
    pathLog: PATH_LOG.home,
    meta: { keywords: ['公共信用信息中心', '中心简介'], description: '中心简介：公共信用信息中心的职责与服务。' },
    layout: 'main',
    inSiteMap: true,
    page: page(() => import('@/features/about/components/centre-intro-page')),
  },
  // Credit news: the sections beyond news, notices and risk warnings.
  ...(
    [
      ['specialGovernance', paths.specialGovernance, paths.specialGovernanceDetails, '专项治理行动与成效。'],
      ['integrityPublicity', paths.integrityPublicity, paths.integrityPublicityDetails, '诚信宣传活动与诚信文化建设。'],
      ['integrityJourney', paths.integrityJourney, paths.integrityJourneyDetails, '“诚信建设万里行”主题宣传活动。'],
    ] as const
  ).flatMap(([section, listPath, detailsPath, text]) =>
    sectionRows({
      section,
      sectionKey: 'news',
      listPath,
      detailsPath,
      parents: [{ label: NEWS, path: paths.news }],
      pathLog: PATH_LOG.news,
      keywords: [NEWS],
      description: `${label(section)}：${text}`,
    }),
  ),
  {
    path: paths.newsArticle,
    label: NEWS,
    section: 'news',
    breadcrumb: [{ label: NEWS, path: paths.news }, { label: DETAILS }],
    pathLog: PATH_LOG.news,
    meta: { keywords: [NEWS], description: '信用动态正文。' },
    layout: 'main',
    inSiteMap: false,
    page: contentDetails(paths.newsList, `${NEWS}列表`),
  },
  // Policy: legislation and interpretation.
  ...sectionRows({
    section: 'legislation',
    sectionKey: 'policy',
    listPath: paths.legislation,
    detailsPath: paths.legislationDetails,
    parents: [{ label: POLICY, path: paths.policy }],
    pathLog: PATH_LOG.policy,
    keywords: [POLICY, '地方性法规'],
    description: '信用立法：社会信用领域的法律、法规和立法动态。',
  }),
  ...sectionRows({
    section: 'interpretation',
    sectionKey: 'policy',
    listPath: paths.interpretation,
    detailsPath: paths.interpretationDetails,
    parents: [{ label: POLICY, path: paths.policy }],
    pathLog: PATH_LOG.policy,
    keywords: [POLICY, '问答'],
    description: '政策解读：信用政策文件的解读与问答。',
  }),
  {
    path: paths.policyArticle,
    label: POLICY,
    section: 'policy',
    breadcrumb: [{ label: POLICY, path: paths.policy }, { label: DETAILS }],
    pathLog: PATH_LOG.policy,
    meta: { keywords: [POLICY], description: '政策法规正文。' },
    layout: 'main',
    inSiteMap: false,
    page: contentDetails(paths.policyList, `${POLICY}列表`),
  },
  // Interaction (互动交流).
  {
    path: paths.interaction,
    label: INTERACTION,
    section: 'interaction',
    breadcrumb: [{ label: INTERACTION }],
    pathLog: PATH_LOG.home,
    meta: { keywords: [INTERACTION, '咨询', '投诉', '建议'], description: '互动交流：咨询、投诉、建议的办理与答复。' },
    layout: 'main',
    inSiteMap: true,
    page: page(() => import('@/features/interaction/components/interaction-index-page')),
  },
  ...(
    [
      [
        paths.interactionHome,
        '留言板',
        () => import('@/features/interaction/components/interaction-home-page'),
        '留言须知与各类最新留言。',
      ],
      [
        paths.interactionList,
        '留言列表',
        () => import('@/features/interaction/components/message-list-page'),
        '全部公开留言及其答复。',
      ],
      [
        paths.interactionSearch,
        '留言查询',
        () => import('@/features/interaction/components/message-search-page'),
        '按留言编号、关键字和条件查询留言。',
      ],
      [
        paths.interactionStatistics,
        '留言统计',
        () => import('@/features/interaction/components/statistics-page'),
        '留言数量、类型、办理单位与答复情况统计。',
      ],
    ] as const
  ).map(([path, name, load, text]): AppRoute => ({
    path,
    label: name,
    section: 'interaction',
    breadcrumb: [{ label: INTERACTION, path: paths.interaction }, { label: name }],
    pathLog: PATH_LOG.home,
    meta: { keywords: [INTERACTION, name], description: `${name}：${text}` },
    layout: 'main',
    inSiteMap: true,
    page: page(load),
  })),
  {
    path: paths.interactionStatisticsDetail,
    label: '留言统计明细',
    section: 'interaction',
    breadcrumb: [
      { label: INTERACTION, path: paths.interaction },
      { label: '留言统计', path: paths.interactionStatistics },
      { label: '统计明细' },
    ],
    pathLog: PATH_LOG.home,
    meta: { keywords: [INTERACTION, '统计明细'], description: '留言统计明细：按办理单位和月份的留言数据。' },
    layout: 'main',
    inSiteMap: false,
    page: page(() => import('@/features/interaction/components/statistics-detail-page')),
  },
  {
    path: paths.interactionDetail,
    label: '留言详情',
    section: 'interaction',
    breadcrumb: [
      { label: INTERACTION, path: paths.interaction },
      { label: '留言列表', path: paths.interactionList },
      { label: '留言详情' },
    ],
    pathLog: PATH_LOG.home,
    meta: { keywords: [INTERACTION, '答复'], description: '留言详情：留言内容与部门答复。' },
    layout: 'main',
    inSiteMap: false,
    page: page(() => import('@/features/interaction/components/message-detail-page')),
  },
  // Joint reward and punishment (联合奖惩).
  {
    path: paths.jointRewardPunishment,
    label: JOINT,
    section: 'jointRewardPunishment',
    breadcrumb: [{ label: JOINT }],
    pathLog: PATH_LOG.home,
    meta: {
      keywords: [JOINT, '守信激励', '失信惩戒'],
      description: '联合奖惩：守信联合激励和失信联合惩戒的工作动态与典型案例。',
    },
    layout: 'main',
    inSiteMap: true,
    page: page(loadContentOverview, {
      heading: JOINT,
      intro: [
        '守信联合激励和失信联合惩戒是社会信用体系的核心机制。对守信主体，在行政审批、融资授信、评优评先等方面给予便利和优先；对严重失信主体，依法依规在市场准入、政府采购、招标投标等方面实施限制。',
        '失信惩戒措施以法律、法规和党中央、国务院政策文件为依据，严格按照“过惩相当”原则实施；失信主体纠正失信行为后可依法申请信用修复。',
      ],
      blocks: [
        {
          section: 'jointRewardPunishment',
          listPath: paths.jointRewardPunishmentList,
          detailsBase: paths.jointRewardPunishmentDetails,
        },
        {
          section: 'caseList',
          listPath: withQuery(paths.categoryList, { id: CONTENT_SECTIONS.caseList.categoryId }),
          detailsBase: paths.jointRewardPunishmentDetails,
        },
      ],
    }),
  },
  ...sectionRows({
    section: 'jointRewardPunishment',
    sectionKey: 'jointRewardPunishment',
    listPath: paths.jointRewardPunishmentList,
    detailsPath: paths.jointRewardPunishmentDetails,
    parents: [{ label: JOINT, path: paths.jointRewardPunishment }],
    pathLog: PATH_LOG.home,
    keywords: ['守信激励', '失信惩戒'],
    description: '联合奖惩工作动态。',
    listLabel: '工作动态',
  }),
  // Annual reports (信用年报).
  {
    path: paths.annualReports,
    label: ANNUAL,
    section: 'about',
    breadcrumb: [{ label: label('about'), path: paths.centreIntro }, { label: ANNUAL }],
    pathLog: PATH_LOG.personal,
    meta: { keywords: [ANNUAL, '年度报告'], description: '信用年报：社会信用体系建设年度报告。' },
    layout: 'main',
    inSiteMap: true,
    page: page(() => import('@/features/annual-reports/components/annual-reports-page')),
  },
  ...ANNUAL_YEARS.map(([year, path]): AppRoute => ({
    path,
    label: `${year}年度报告`,
    section: 'about',
    breadcrumb: [
      { label: label('about'), path: paths.centreIntro },
      { label: ANNUAL, path: paths.annualReports },
      { label: `${year}年度报告` },
    ],
    pathLog: PATH_LOG.personal,
    meta: { keywords: [ANNUAL, `${year}年`], description: `社会信用体系建设${year}年度报告。` },
    layout: 'main',
    inSiteMap: true,
    page: page(loadAnnualReport, { year }),
  })),
  // Standalone pages (spec §2.1).
  {
    path: paths.organisation,
    label: '组织机构',
    section: 'about',
    breadcrumb: [{ label: label('about'), path: paths.centreIntro }, { label: '组织机构' }],
    pathLog: PATH_LOG.home,
    meta: { keywords: ['机构职能', '领导信息', '内设机构'], description: '组织机构：机构职能、领导信息与内设机构。' },
    layout: 'standalone',
    inSiteMap: true,
    page: framed(page(() => import('@/features/about/components/organisation-page'))),
  },
  {
    path: paths.personalCredit,
    label: '个人信用',
    section: 'services',
    breadcrumb: [{ label: '个人信用' }],
    pathLog: PATH_LOG.home,
    meta: {
      keywords: ['个人公共信用信息报告', '个人信用'],
      description: '个人信用：查询本人公共信用信息报告的条件、证件与入口。',
    },
    layout: 'standalone',
    inSiteMap: true,
    page: framed(page(() => import('@/features/personal-credit/components/personal-credit-page'))),
  },
  {
    path: paths.flipbook,
    label: label('flipbooks'),
    section: 'about',
    breadcrumb: [{ label: label('flipbooks') }],
    pathLog: PATH_LOG.home,
    meta: { keywords: [label('flipbooks'), '信用知识'], description: '信用读本：在线翻阅社会信用知识读本。' },
    layout: 'standalone',
    inSiteMap: true,
    page: framed(page(() => import('@/features/flipbook/components/flipbook-page'))),
  },
  {
    path: paths.lending,
    label: '信易贷',
    section: 'services',
    breadcrumb: [{ label: '信易贷' }],
    pathLog: PATH_LOG.lending,
    meta: {
      keywords: ['信易贷', '信用贷款', '中小微企业融资'],
      description: '信易贷：合作银行面向守信中小微企业的信用贷款产品。',
    },
    layout: 'standalone',
    inSiteMap: true,
    page: framed(page(() => import('@/features/lending/components/lending-page'))),
  },
  {
    path: paths.lendingMobile,
    label: '信易贷',
    section: 'services',
    breadcrumb: [{ label: '信易贷', path: paths.lending }, { label: '信易贷（手机版）' }],
    pathLog: PATH_LOG.lending,
    meta: { keywords: ['信易贷', '手机版'], description: '信易贷手机版：合作银行信用贷款产品。' },
    layout: 'standalone',
    inSiteMap: false,
    page: framed(
      page(() => import('@/features/lending/components/lending-mobile-page')),
      'mobile',
    ),
  },
  {
    path: paths.mobileGuide,
    label: '办事指南',
    section: 'services',
    breadcrumb: [{ label: '办事指南' }],
    pathLog: PATH_LOG.services,
    meta: {
      keywords: ['办事指南', '信用服务'],
      description: '办事指南：信用查询、信用报告、信用修复等事项的办理指引。',
    },
    layout: 'standalone',
    inSiteMap: true,
    page: framed(
      page(() => import('@/features/service-guide/components/service-guide-page')),
      'mobile',
    ),
  },
  {
    path: paths.areaDetails,
    label: '区县信用',
    section: 'home',
    breadcrumb: [{ label: '区县信用站点' }],
    pathLog: PATH_LOG.home,
    meta: {
      keywords: ['区县信用', '行政许可', '行政处罚'],
      description: '区县信用站点：各区的双公示信息、信用动态与政策法规。',
    },
    layout: 'standalone',
    inSiteMap: true,
    page: framed(page(() => import('@/features/area/components/area-details-page'))),
  },
  // Entry points of the older site: the entity search list and an entity's details.
  {
    path: paths.legacySearchList,
    label: '信用主体查询',
    section: 'services',
    breadcrumb: [{ label: '信用主体查询' }],
    pathLog: PATH_LOG.services,
    meta: { keywords: ['信用主体查询'], description: '信用主体查询结果列表。' },
    layout: 'standalone',
    inSiteMap: false,
    page: <RedirectWithQuery to={paths.searchList} carry={{ searchKey: 'searchKey' }} />,
  },
  {
    path: paths.legacyEntityDetails,
    label: '信用主体详情',
    section: 'services',
    breadcrumb: [{ label: '信用主体详情' }],
    pathLog: PATH_LOG.services,
    meta: { keywords: ['信用主体详情'], description: '信用主体的公共信用信息详情。' },
    layout: 'standalone',
    inSiteMap: false,
    // The entity details page of the search (xyfw/search/details, spec §2.1).
    page: <RedirectWithQuery to={`${paths.searchList}/details`} carry={{ id: 'id' }} />,
  },
];
