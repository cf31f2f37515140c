import { PATH_LOG } from '@credit-portal/shared';
import { paths } from '@/lib/paths';
import { page, sectionRows } from '../route-kit';
import { cmsLabel } from './cms-rows';

const ABOUT = cmsLabel('about');
const ANNUAL = cmsLabel('annualReports');
const aboutCrumb = { label: ABOUT, path: paths.centreIntro };
const loadAnnualReport = () => import('@/features/annual-reports/components/annual-report-page');

const ANNUAL_YEARS = [
  [2022, paths.annualReport2022],
  [2023, paths.annualReport2023],
  [2024, paths.annualReport2024],
] as const;

/**
 * 关于我们: the centre, its office and organisation, the reading book and the annual reports.
 * The spec gives the centre's pages no pathLog of their own (they log as home) and lists the
 * annual reports under the personal centre (0109).
 */
export const aboutRows = sectionRows({ section: 'about', pathLog: PATH_LOG.home }, [
  {
    path: paths.centreIntro,
    label: ABOUT,
    breadcrumb: [{ label: ABOUT }],
    meta: { keywords: ['公共信用信息中心', '中心简介'], description: '中心简介：公共信用信息中心的职责与服务。' },
    page: page(() => import('@/features/about/components/centre-intro-page')),
  },
  {
    path: paths.office,
    label: cmsLabel('office'),
    breadcrumb: [aboutCrumb, { label: cmsLabel('office') }],
    meta: { keywords: ['办公地址', '办公时间', '咨询电话'], description: '办公室：办公地址、办公时间与咨询电话。' },
    page: page(() => import('@/features/about/components/office-page')),
  },
  {
    path: paths.organisation,
    label: '组织机构',
    breadcrumb: [aboutCrumb, { label: '组织机构' }],
    meta: { keywords: ['机构职能', '领导信息', '内设机构'], description: '组织机构：机构职能、领导信息与内设机构。' },
    layout: 'page',
    page: page(() => import('@/features/about/components/organisation-page')),
  },
  {
    path: paths.flipbook,
    label: cmsLabel('flipbooks'),
    breadcrumb: [{ label: cmsLabel('flipbooks') }],
    meta: { keywords: [cmsLabel('flipbooks'), '信用知识'], description: '信用读本：在线翻阅社会信用知识读本。' },
    layout: 'page',
    page: page(() => import('@/features/flipbook/components/flipbook-page')),
  },
  {
    path: paths.annualReports,
    label: ANNUAL,
    breadcrumb: [aboutCrumb, { label: ANNUAL }],
    pathLog: PATH_LOG.personal,
    meta: { keywords: [ANNUAL, '年度报告'], description: '信用年报：社会信用体系建设年度报告。' },
    page: page(() => import('@/features/annual-reports/components/annual-reports-page')),
  },
  ANNUAL_YEARS.map(([year, path]) => ({
    path,
    label: `${year}年度报告`,
    breadcrumb: [aboutCrumb, { label: ANNUAL, path: paths.annualReports }, { label: `${year}年度报告` }],
    pathLog: PATH_LOG.personal,
    meta: { keywords: [ANNUAL, `${year}年`], description: `社会信用体系建设${year}年度报告。` },
    page: page(loadAnnualReport, { year }),
  })),
]);
