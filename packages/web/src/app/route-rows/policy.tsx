import { PATH_LOG } from '@credit-portal/shared';
import { paths } from '@/lib/paths';
import { sectionRows } from '../route-kit';
import { cmsLabel, cmsSectionRows, contentDetailsPage, contentOverviewPage, DETAILS } from './cms-rows';

const POLICY = cmsLabel('policy');
const policyCrumb = { label: POLICY, path: paths.policy };

/** 政策法规 (zcfg): the landing page, policy documents, legislation and interpretation. */
export const policyRows = sectionRows({ section: 'policy', pathLog: PATH_LOG.policy }, [
  {
    path: paths.policy,
    label: POLICY,
    breadcrumb: [{ label: POLICY }],
    meta: {
      keywords: [POLICY, cmsLabel('legislation'), cmsLabel('interpretation')],
      description: '政策法规：社会信用体系建设的法律法规、信用立法与政策解读。',
    },
    page: contentOverviewPage({
      heading: POLICY,
      blocks: [
        { section: 'policy', listPath: paths.policyList, detailsBase: paths.policyDetails },
        { section: 'legislation', listPath: paths.legislation, detailsBase: paths.legislationDetails },
        { section: 'interpretation', listPath: paths.interpretation, detailsBase: paths.interpretationDetails },
      ],
    }),
  },
  cmsSectionRows({
    section: 'policy',
    listPath: paths.policyList,
    detailsPath: paths.policyDetails,
    parents: [policyCrumb],
    listLabel: `${POLICY}列表`,
    keywords: ['法律法规', '规范性文件'],
    description: '政策法规列表：信用相关的法律法规与规范性文件。',
  }),
  cmsSectionRows({
    section: 'legislation',
    listPath: paths.legislation,
    detailsPath: paths.legislationDetails,
    parents: [policyCrumb],
    keywords: [POLICY, '地方性法规'],
    description: '信用立法：社会信用领域的法律、法规和立法动态。',
  }),
  cmsSectionRows({
    section: 'interpretation',
    listPath: paths.interpretation,
    detailsPath: paths.interpretationDetails,
    parents: [policyCrumb],
    keywords: [POLICY, '问答'],
    description: '政策解读：信用政策文件的解读与问答。',
  }),
  {
    path: paths.policyArticle,
    label: POLICY,
    breadcrumb: [policyCrumb, { label: DETAILS }],
    meta: { keywords: [POLICY], description: '政策法规正文。' },
    inSiteMap: false,
    page: contentDetailsPage(paths.policyList, `${POLICY}列表`),
  },
]);
