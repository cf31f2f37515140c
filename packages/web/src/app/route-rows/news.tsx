import { PATH_LOG } from '@credit-portal/shared';
import { paths } from '@/lib/paths';
import { sectionRows } from '../route-kit';
import { cmsLabel, cmsSectionRows, contentDetailsPage, contentOverviewPage, DETAILS } from './cms-rows';

const NEWS = cmsLabel('news');
const NOTICES = cmsLabel('notices');
const RISK = cmsLabel('riskWarnings');
const newsCrumb = { label: NEWS, path: paths.news };

/** 信用动态 (xydt): the landing page and its six CMS sections. */
export const newsRows = sectionRows({ section: 'news', pathLog: PATH_LOG.news }, [
  {
    path: paths.news,
    label: NEWS,
    breadcrumb: [{ label: NEWS }],
    meta: { keywords: [NEWS, NOTICES, RISK], description: '信用动态：社会信用体系建设工作动态、通知公告与风险提示。' },
    page: contentOverviewPage({
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
  cmsSectionRows({
    section: 'news',
    listPath: paths.newsList,
    detailsPath: paths.newsDetails,
    parents: [newsCrumb],
    listLabel: `${NEWS}列表`,
    keywords: ['工作动态'],
    description: '信用动态列表：社会信用体系建设的最新工作动态。',
  }),
  cmsSectionRows({
    section: 'notices',
    listPath: paths.notices,
    detailsPath: paths.noticeDetails,
    parents: [newsCrumb],
    keywords: ['公告'],
    description: '通知公告：信用工作相关的通知与公告。',
  }),
  cmsSectionRows({
    section: 'riskWarnings',
    listPath: paths.riskWarnings,
    detailsPath: paths.riskWarningDetails,
    parents: [newsCrumb],
    keywords: ['信用风险'],
    description: '风险提示：信用风险提示与防范信息。',
  }),
  (
    [
      ['specialGovernance', paths.specialGovernance, paths.specialGovernanceDetails, '专项治理行动与成效。'],
      ['integrityPublicity', paths.integrityPublicity, paths.integrityPublicityDetails, '诚信宣传活动与诚信文化建设。'],
      ['integrityJourney', paths.integrityJourney, paths.integrityJourneyDetails, '“诚信建设万里行”主题宣传活动。'],
    ] as const
  ).flatMap(([section, listPath, detailsPath, text]) =>
    cmsSectionRows({
      section,
      listPath,
      detailsPath,
      parents: [newsCrumb],
      keywords: [NEWS],
      description: `${cmsLabel(section)}：${text}`,
    }),
  ),
  {
    path: paths.newsArticle,
    label: NEWS,
    breadcrumb: [newsCrumb, { label: DETAILS }],
    meta: { keywords: [NEWS], description: '信用动态正文。' },
    inSiteMap: false,
    page: contentDetailsPage(paths.newsList, `${NEWS}列表`),
  },
]);
