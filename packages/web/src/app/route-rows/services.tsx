import { PATH_LOG } from '@credit-portal/shared';
import { RedirectWithQuery } from '@/components/redirect-with-query';
import { paths } from '@/lib/paths';
import { page, sectionRows } from '../route-kit';

const SEARCH = '信用主体查询';

/** 信用服务 (xyfw): entity search and details, the real-name tips, personal credit, lending and the service guide. */
export const servicesRows = sectionRows({ section: 'services', pathLog: PATH_LOG.services }, [
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
    page: page(() => import('@/features/entity-search/components/search-list-page')),
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
    page: page(() => import('@/features/entity-search/components/entity-details-page')),
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
    breadcrumb: [{ label: '实名登录提示' }],
    meta: { keywords: ['实名登录', '温馨提示'], description: '办理该服务需要实名登录。' },
    inSiteMap: false,
    page: page(() => import('@/features/auth/components/real-name-tips-page')),
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
    layout: 'page',
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
    breadcrumb: [{ label: '办事指南' }],
    meta: {
      keywords: ['办事指南', '信用服务'],
      description: '办事指南：信用查询、信用报告、信用修复等事项的办理指引。',
    },
    layout: 'mobile',
    page: page(() => import('@/features/service-guide/components/service-guide-page')),
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
