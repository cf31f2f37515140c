import type { ComponentType } from 'react';
import { CONTENT_SECTIONS, PATH_LOG } from '@credit-portal/shared';
import * as doubleDisclosurePage from '@/features/disclosure/components/double-disclosure-page';
import { paths, withQuery } from '@/lib/paths';
import { page, plainPage, sectionRows } from '../route-kit';
import { cmsLabel, cmsSectionRows, contentOverviewPage } from './cms-rows';

const JOINT = cmsLabel('jointRewardPunishment');

const DISCLOSURE = '信息公示';
const disclosureCrumb = { label: DISCLOSURE, path: paths.disclosure };
const loadList = {
  abnormalBusiness: () => import('@/features/disclosure/lists/abnormal-business'),
  majorTaxViolation: () => import('@/features/disclosure/lists/major-tax-violation'),
  arrearsFunds: () => import('@/features/disclosure/lists/arrears-funds'),
  nontax: () => import('@/features/disclosure/lists/nontax-list'),
  nontaxDetails: () => import('@/features/disclosure/lists/nontax-details'),
  bankruptcy: () => import('@/features/disclosure/lists/bankruptcy-list'),
  bankruptcyDetails: () => import('@/features/disclosure/lists/bankruptcy-details'),
  promises: () => import('@/features/disclosure/lists/promise-list'),
  promiseDetails: () => import('@/features/disclosure/lists/promise-details'),
  keptPromises: () => import('@/features/disclosure/lists/kept-promise-list'),
  fulfilmentDetails: () => import('@/features/disclosure/lists/fulfilment-details'),
  hetaoList: () => import('@/features/disclosure/lists/hetao-list'),
  redBlackDetails: () => import('@/features/disclosure/lists/red-black-details'),
  redBlackMore: () => import('@/features/disclosure/lists/red-black-more'),
  hetaoSearch: () => import('@/features/disclosure/components/hetao-search-page'),
};

/** A disclosure list: under 信息公示, on the site map. */
const listRow = (
  path: string,
  label: string,
  load: () => Promise<{ default: ComponentType<object> }>,
  description: string,
  { plain = false, prerendered = false }: { plain?: boolean; prerendered?: boolean } = {},
) => ({
  path,
  label,
  breadcrumb: [disclosureCrumb, { label }],
  meta: { keywords: [DISCLOSURE, label], description },
  inSiteMap: true,
  page: plain ? plainPage(load, { prerendered }) : page(load),
});

/** 信息公示 (xygs): the landing page, the disclosure lists and their details, the licence and penalty publications. */
export const disclosureRows = sectionRows({ section: 'disclosure', pathLog: PATH_LOG.disclosure, inSiteMap: false }, [
  {
    path: paths.disclosure,
    label: DISCLOSURE,
    breadcrumb: [{ label: DISCLOSURE }],
    meta: {
      keywords: [DISCLOSURE, '经营异常名录', '重大税收违法', '个人破产'],
      description: '信息公示：依法依规公示的各类信用信息。',
    },
    inSiteMap: true,
    page: page(() => import('@/features/disclosure/components/disclosure-home-page')),
  },
  listRow(
    paths.doubleDisclosure,
    '双公示',
    // In the app's own chunk, like the home page (≈ 2 KB brotli with its styles): its heading and
    // introduction come with the pre-rendered frame (prerender/frames.ts), whose styles must be
    // there with it. Its tabs bring antd's configuration themselves, after them.
    () => Promise.resolve(doubleDisclosurePage),
    '双公示：行政许可和行政处罚信息公示，可按行政相对人名称、统一社会信用代码或文书号查询。',
    { plain: true, prerendered: true },
  ),
  listRow(paths.promiseBook, '信用承诺公示', loadList.promises, '信用承诺公示：经审核公示的市场主体信用承诺。'),
  listRow(
    paths.openData,
    '开放数据',
    () => import('@/features/open-data/components/open-data-page'),
    '开放数据：双公示行政许可、行政处罚与各类名单的每日数据文件（CSV、JSON Lines）、字段说明与读取接口。',
  ),
  {
    path: paths.promiseDetail,
    label: '信用承诺公示',
    breadcrumb: [disclosureCrumb, { label: '信用承诺公示', path: paths.promiseBook }, { label: '承诺详情' }],
    meta: { keywords: [DISCLOSURE, '信用承诺'], description: '信用承诺详情。' },
    page: page(loadList.promiseDetails),
  },
  {
    path: paths.promiseVoluntary,
    label: '信用承诺自愿注册',
    breadcrumb: [disclosureCrumb, { label: '信用承诺自愿注册' }],
    meta: {
      keywords: [DISCLOSURE, '信用承诺', '自愿注册', '主动型承诺'],
      description: '信用承诺自愿注册：市场主体在线作出主动型信用承诺（需实名登录）。',
    },
    inSiteMap: true,
    page: page(() => import('@/features/account/components/promise-page'), { variant: 'voluntary' as const }),
  },
  listRow(
    paths.keptPromises,
    '守信践诺公示',
    loadList.keptPromises,
    '守信践诺公示：信用承诺到期后经核查已履行承诺的市场主体。',
  ),
  {
    path: paths.fulfilmentDetail,
    label: '信用履约公示',
    breadcrumb: [disclosureCrumb, { label: '守信践诺公示', path: paths.keptPromises }, { label: '信用履约公示详情' }],
    meta: { keywords: [DISCLOSURE, '信用承诺', '履约践诺'], description: '信用承诺履约核查情况详情。' },
    page: page(loadList.fulfilmentDetails),
  },
  listRow(
    paths.abnormalBusiness,
    '经营异常名录',
    loadList.abnormalBusiness,
    '经营异常名录公示：列入经营异常名录的企业和个体工商户。',
  ),
  listRow(
    paths.majorTaxViolation,
    '重大税收违法失信主体',
    loadList.majorTaxViolation,
    '重大税收违法失信主体公布信息。',
  ),
  listRow(
    paths.arrearsFunds,
    '拖欠农民工工资失信联合惩戒',
    loadList.arrearsFunds,
    '拖欠农民工工资失信联合惩戒对象名单。',
  ),
  listRow(paths.bankruptcyList, '个人破产信息', loadList.bankruptcy, '个人破产信息公示：人民法院受理的个人破产案件。'),
  listRow(
    paths.hetaoList,
    '信用河套企业名录',
    loadList.hetaoList,
    '信用河套：纳入深港河套信用合作的企业及其信用标签。',
  ),
  listRow(
    paths.hetaoSearch,
    '信用河套查询',
    loadList.hetaoSearch,
    '信用河套查询：企业是否纳入信用河套名录及其信用标签。',
  ),
  listRow(paths.nontaxList, '非税收入欠缴信息', loadList.nontax, '非税收入欠缴信息公示（需实名登录）。'),
  {
    path: paths.bankruptcyDetails,
    label: '个人破产信息',
    breadcrumb: [disclosureCrumb, { label: '个人破产信息', path: paths.bankruptcyList }, { label: '案件详情' }],
    meta: { keywords: [DISCLOSURE, '个人破产'], description: '个人破产案件详情。' },
    page: page(loadList.bankruptcyDetails),
  },
  {
    path: paths.redBlackDetails,
    label: '红黑名单',
    breadcrumb: [disclosureCrumb, { label: '红黑名单详情' }],
    meta: { keywords: [DISCLOSURE, '红名单', '黑名单'], description: '红黑名单信息详情（需实名登录）。' },
    page: page(loadList.redBlackDetails),
  },
  {
    path: paths.redBlackMore,
    label: '红黑名单',
    breadcrumb: [disclosureCrumb, { label: '该主体全部红黑名单' }],
    meta: {
      keywords: [DISCLOSURE, '红名单', '黑名单'],
      description: '该主体在有效期内的全部红黑名单信息（需实名登录）。',
    },
    page: page(loadList.redBlackMore),
  },
  {
    path: paths.nontaxDetails,
    label: '非税收入欠缴信息',
    breadcrumb: [disclosureCrumb, { label: '非税收入欠缴信息', path: paths.nontaxList }, { label: '欠缴详情' }],
    meta: { keywords: [DISCLOSURE, '非税收入'], description: '非税收入欠缴信息详情。' },
    page: page(loadList.nontaxDetails),
  },
  (['licence', 'penalty'] as const).map((kind) => ({
    path: kind === 'licence' ? paths.licenceDetails : paths.penaltyDetails,
    label: kind === 'licence' ? '行政许可公示' : '行政处罚公示',
    breadcrumb: [
      disclosureCrumb,
      { label: '双公示', path: paths.doubleDisclosure },
      { label: kind === 'licence' ? '行政许可详情' : '行政处罚详情' },
    ],
    meta: {
      keywords: ['双公示', kind === 'licence' ? '行政许可' : '行政处罚'],
      description: kind === 'licence' ? '行政许可公示信息详情。' : '行政处罚公示信息详情。',
    },
    page: page(() => import('@/features/publicity/components/publicity-details-page'), { kind }),
  })),
]);

/** 联合奖惩 (lhjc): the landing page and its work news. The spec gives it no pathLog of its own: it logs as home. */
export const jointRewardPunishmentRows = sectionRows({ section: 'jointRewardPunishment', pathLog: PATH_LOG.home }, [
  {
    path: paths.jointRewardPunishment,
    label: JOINT,
    breadcrumb: [{ label: JOINT }],
    meta: {
      keywords: [JOINT, '守信激励', '失信惩戒'],
      description: '联合奖惩：守信联合激励和失信联合惩戒的工作动态与典型案例。',
    },
    page: contentOverviewPage({
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
  cmsSectionRows({
    section: 'jointRewardPunishment',
    listPath: paths.jointRewardPunishmentList,
    detailsPath: paths.jointRewardPunishmentDetails,
    parents: [{ label: JOINT, path: paths.jointRewardPunishment }],
    keywords: ['守信激励', '失信惩戒'],
    description: '联合奖惩工作动态。',
    listLabel: '工作动态',
  }),
]);
