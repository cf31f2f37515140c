import { PATH_LOG } from '@credit-portal/shared';
import type { ComponentType } from 'react';
import { RedirectWithQuery } from '@/components/redirect-with-query';
import { prefetchEntityDetails } from '@/features/entity/api/prefetch-entity-details';
import * as searchListPage from '@/features/entity/components/search-list-page';
import { paths } from '@/lib/paths';
import { page, plainPage, sectionRows, type RowInput } from '../route-kit';

const SEARCH = '信用主体查询';

/**
 * Entity details with 信用关注's button beside the name. The two modules load side by
 * side and the page renders once both are there: a button arriving after the name would push the
 * page below it down (on a phone it takes a line of its own; a layout shift of 0.03).
 */
const entityDetailsWithFollow = () =>
  Promise.all([
    import('@/features/entity/components/entity-details-page'),
    import('@/features/follow/components/follow-button'),
  ]).then(([details, follow]) => {
    const EntityDetailsPage = details.default;
    return { default: () => <EntityDetailsPage headerAction={follow.default} /> };
  });

type Crumb = { label: string; path?: string };
const SERVICES = { label: '信用服务', path: paths.services };
const REPAIR = { label: '信用修复', path: paths.creditRepair };
const OBJECTION = { label: '信用异议', path: paths.creditObjection };
const SPECIAL = { label: '专项信用报告', path: paths.specialReport };

/** A page of the credit services (features/services): under 信用服务 and the given parents. */
const serviceRow = (
  path: string,
  label: string,
  parents: readonly Crumb[],
  load: () => Promise<{ default: ComponentType<object> }>,
  meta: { keywords: string[]; description: string },
  extra: Partial<RowInput> = {},
): RowInput => ({
  path,
  label,
  breadcrumb: [...parents, { label }],
  meta,
  page: page(load),
  ...extra,
});

const load = {
  home: () => import('@/features/services/components/services-home-page'),
  repair: () => import('@/features/services/components/repair-intro-page'),
  repairSearch: () => import('@/features/services/components/repair-search-page'),
  repairReport: () => import('@/features/services/components/repair-report-page'),
  repairProgress: () => import('@/features/services/components/repair-progress-page'),
  objection: () => import('@/features/services/components/objection-intro-page'),
  objectionSearch: () => import('@/features/services/components/objection-search-page'),
  objectionResult: () => import('@/features/services/components/objection-result-page'),
  objectionReport: () => import('@/features/services/components/objection-report-page'),
  creditReport: () => import('@/features/services/components/credit-report-page'),
  special: () => import('@/features/services/components/special-report-page'),
  specialExplain: () => import('@/features/services/components/special-report-explain-page'),
  specialInfo: () => import('@/features/services/components/special-report-info-page'),
  verify: () => import('@/features/services/components/verify-page'),
  publicCheck: () => import('@/features/services/components/public-check-page'),
};

/** 信用服务's own pages: repair, objection, the two reports, their verification and the third-party check. */
const creditServiceRows: RowInput[] = [
  serviceRow(paths.services, '信用服务', [], load.home, {
    keywords: ['信用服务', '信用修复', '信用异议', '信用报告', '报告核验'],
    description: '信用服务：在线办理信用修复、信用异议，获取企业信用报告和专项信用报告，在线核验报告。',
  }),
  serviceRow(paths.creditRepair, '信用修复', [SERVICES], load.repair, {
    keywords: ['信用修复', '行政处罚', '停止公示'],
    description: '信用修复：申请条件、申请材料、办理流程与在线申请入口。',
  }),
  serviceRow(paths.creditRepairSearch, '查询处罚', [SERVICES, REPAIR], load.repairSearch, {
    keywords: ['信用修复', '行政处罚查询'],
    description: '按企业名称或处罚决定书文号查询公示中的行政处罚，选择需要修复的记录。',
  }),
  serviceRow(
    paths.creditRepairReport,
    '修复申请',
    [SERVICES, REPAIR],
    load.repairReport,
    { keywords: ['信用修复', '修复申请'], description: '填写信用修复申请并上传证明材料。' },
    { inSiteMap: false },
  ),
  serviceRow(paths.creditRepairProgress, '修复进度', [SERVICES, REPAIR], load.repairProgress, {
    keywords: ['信用修复', '办理进度', '补充材料'],
    description: '我的信用修复申请：申请编号、办理进度和补充材料。',
  }),
  serviceRow(paths.creditObjection, '信用异议', [SERVICES], load.objection, {
    keywords: ['信用异议', '异议申请'],
    description: '信用异议：申请条件、申请材料、办理流程与在线申请入口。',
  }),
  serviceRow(paths.creditObjectionSearch, '查询信息', [SERVICES, OBJECTION], load.objectionSearch, {
    keywords: ['信用异议', '行政处罚查询'],
    description: '按企业名称或处罚决定书文号查询公示中的信息，选择提出异议的记录。',
  }),
  serviceRow(paths.creditObjectionResult, '结果查询', [SERVICES, OBJECTION], load.objectionResult, {
    keywords: ['信用异议', '结果查询', '申请编号'],
    description: '按申请编号查询信用异议的办理进度和核查结果。',
  }),
  serviceRow(
    paths.creditObjectionReport,
    '异议申请',
    [SERVICES, OBJECTION],
    load.objectionReport,
    { keywords: ['信用异议', '异议申请'], description: '填写信用异议申请并上传证明材料。' },
    { inSiteMap: false },
  ),
  serviceRow(paths.creditReport, '企业信用报告', [SERVICES], load.creditReport, {
    keywords: ['企业信用报告', '公共信用信息报告', 'PDF'],
    description: '企业公共信用信息报告：选择主体和报告期间，在线生成并下载PDF。',
  }),
  serviceRow(paths.specialReport, '专项信用报告', [SERVICES], load.special, {
    keywords: ['专项信用报告', '无违法违规证明'],
    description: '以专项信用报告代替有无违法违规记录证明：办理条件与流程。',
  }),
  serviceRow(paths.specialReportExplain, '报告说明', [SERVICES, SPECIAL], load.specialExplain, {
    keywords: ['专项信用报告', '报告说明'],
    description: '专项信用报告的内容、报告期间和真伪核验。',
  }),
  serviceRow(
    paths.specialReportInfo,
    '申请专项信用报告',
    [SERVICES, SPECIAL],
    load.specialInfo,
    { keywords: ['专项信用报告', '实名登录'], description: '实名登录后为本人名下的企业生成专项信用报告。' },
    { inSiteMap: false },
  ),
  serviceRow(paths.reportVerify, '报告核验', [SERVICES], load.verify, {
    keywords: ['报告核验', '报告编号', '验证码'],
    description: '输入报告编号和验证码（或扫描报告二维码），核验信用报告的真伪和内容。',
  }),
  serviceRow(
    paths.publicCheck,
    '第三方信用核查',
    [],
    load.publicCheck,
    {
      keywords: ['第三方信用核查', '信用报告'],
      description: '经授权的第三方凭统一社会信用代码、报告编号和验证码查看信用报告。',
    },
    { layout: 'page' },
  ),
];

/** 信用服务 (xyfw): the credit services, entity search and details, the real-name tips, personal credit, lending and the service guide. */
export const servicesRows = sectionRows({ section: 'services', pathLog: PATH_LOG.services }, [
  creditServiceRows,
  {
    path: paths.searchList,
    label: SEARCH,
    breadcrumb: [{ label: SEARCH }],
    meta: {
      keywords: [SEARCH, '统一社会信用代码', '企业查询'],
      description: '信用主体查询：按企业名称关键字或统一社会信用代码查询企业、个体工商户等信用主体。',
    },
    // Needs a searchKey: reached from the search box, not from the site map.
    inSiteMap: false,
    // In the app's own chunk, like the home page: its heading and hint come with the pre-rendered
    // frame (prerender/frames.ts), styled; the box and the results (antd) come with their module.
    page: plainPage(() => Promise.resolve(searchListPage), { prerendered: true }),
  },
  {
    path: paths.searchDetails,
    label: '主体详情',
    breadcrumb: [{ label: SEARCH, path: paths.searchList }, { label: '主体详情' }],
    meta: {
      keywords: ['主体详情', '行政许可', '行政处罚', '红黑名单', '信用承诺'],
      description: '信用主体详情：登记信息、行政许可、公示期内的行政处罚、红黑名单与信用承诺。',
    },
    inSiteMap: false,
    page: plainPage(entityDetailsWithFollow),
    // Opened at a company's details (a shared link), its requests start with the page's module.
    prefetch: prefetchEntityDetails,
  },
  {
    path: paths.searchMore,
    label: '更多查询',
    breadcrumb: [{ label: SEARCH, path: paths.searchList }, { label: '更多查询' }],
    meta: { keywords: [SEARCH, '查询说明'], description: '信用主体查询的查询类型与查询说明。' },
    page: page(() => import('../pages/search-more-page')),
  },
  {
    path: paths.realNameTips,
    label: '实名登录提示',
    breadcrumb: [SERVICES, SPECIAL, { label: '实名登录提示' }],
    meta: { keywords: ['实名登录', '温馨提示'], description: '办理该服务需要实名登录。' },
    inSiteMap: false,
    page: page(() => import('@/features/account/components/real-name-tips-page')),
  },
  {
    path: paths.personalCredit,
    label: '个人信用',
    breadcrumb: [{ label: '个人信用' }],
    pathLog: PATH_LOG.home,
    meta: {
      keywords: ['个人公共信用信息报告', '个人信用'],
      description: '个人信用：查询本人公共信用信息报告的条件、证件与入口。',
    },
    layout: 'page',
    page: page(() => import('@/features/personal-credit/components/personal-credit-page')),
  },
  {
    path: paths.lending,
    label: '信易贷',
    breadcrumb: [{ label: '信易贷' }],
    pathLog: PATH_LOG.lending,
    meta: {
      keywords: ['信易贷', '信用贷款', '中小微企业融资'],
      description: '信易贷：合作银行面向守信中小微企业的信用贷款产品。',
    },
    // In the portal's frame (its menu has 信易贷); phones are sent on to /xyd/mobile, which has its own.
    page: page(() => import('@/features/lending/components/lending-page')),
  },
  {
    path: paths.lendingMobile,
    label: '信易贷',
    breadcrumb: [{ label: '信易贷', path: paths.lending }, { label: '信易贷（手机版）' }],
    pathLog: PATH_LOG.lending,
    meta: { keywords: ['信易贷', '手机版'], description: '信易贷手机版：合作银行信用贷款产品。' },
    layout: 'mobile',
    inSiteMap: false,
    page: page(() => import('@/features/lending/components/lending-mobile-page')),
  },
  {
    path: paths.mobileGuide,
    label: '办事指南',
    breadcrumb: [SERVICES, { label: '办事指南' }],
    meta: {
      keywords: ['办事指南', '信用服务'],
      description: '办事指南：信用查询、信用报告、信用修复等事项的办理指引。',
    },
    // Not phone-only (spec §2.1 redirects no device away from it): the portal's frame, which a
    // phone shows in its own narrow form, rather than an app bar on a desktop.
    page: page(() => import('@/features/guides/components/service-guide-page')),
  },
  // Entry points of the older site: the entity search list and an entity's details.
  {
    path: paths.legacySearchList,
    label: SEARCH,
    breadcrumb: [{ label: SEARCH }],
    meta: { keywords: [SEARCH], description: '信用主体查询结果列表。' },
    layout: 'bare',
    inSiteMap: false,
    page: <RedirectWithQuery to={paths.searchList} carry={{ searchKey: 'searchKey' }} />,
  },
  {
    path: paths.legacyEntityDetails,
    label: '信用主体详情',
    breadcrumb: [{ label: '信用主体详情' }],
    meta: { keywords: ['信用主体详情'], description: '信用主体的公共信用信息详情。' },
    layout: 'bare',
    inSiteMap: false,
    // The entity details page of the search (xyfw/search/details, spec §2.1).
    page: <RedirectWithQuery to={`${paths.searchList}/details`} carry={{ id: 'id' }} />,
  },
]);
