import { PATH_LOG } from '@credit-portal/shared';
import { HOME_OPENING_REQUEST, prefetchHome } from '@/features/home/api/prefetch-home';
import * as homePage from '@/features/home/components/home-page';
import { paths } from '@/lib/paths';
import { page, plainPage, sectionRows } from '../route-kit';
import { cmsLabel, cmsSectionRows, contentDetailsPage, contentListPage } from './cms-rows';

/** 首页: the home page, the site map, the home page's own CMS sections, article search and generic lists. */
export const homeRows = sectionRows({ section: 'home', pathLog: PATH_LOG.home }, [
  {
    path: paths.home,
    label: '首页',
    breadcrumb: [],
    meta: {
      keywords: ['信用查询', '信用动态', '政策法规', '行政许可', '行政处罚'],
      description: '公共信用信息服务门户：信用主体查询、信用动态、通知公告、政策法规与双公示信息。',
    },
    // In the app's own chunk, not loaded after it: the page most visits open at, small (≈ 5 KB
    // brotli with its lists and their styles) and drawn with the frame. Its own chunk cost a phone
    // a round trip after the app's script and ten more requests (BENCHMARKS.md).
    page: plainPage(() => Promise.resolve(homePage)),
    prefetch: prefetchHome,
    openingRequest: HOME_OPENING_REQUEST,
  },
  {
    path: paths.webMap,
    label: '网站地图',
    breadcrumb: [{ label: '网站地图' }],
    meta: { keywords: ['网站地图', '栏目导航'], description: '网站地图：本网站全部栏目的导航。' },
    inSiteMap: false,
    page: page(() => import('../pages/web-map-page')),
  },
  cmsSectionRows({
    section: 'governmentVoice',
    listPath: paths.governmentVoice,
    detailsPath: paths.governmentVoiceDetails,
    parents: [],
    keywords: ['市政府', '信用工作部署'],
    description: '政府声音：市政府关于社会信用体系建设的部署与要求。',
  }),
  cmsSectionRows({
    section: 'regionalCredit',
    listPath: paths.regionalCredit,
    detailsPath: paths.regionalCreditDetails,
    parents: [],
    keywords: ['区县', '信用建设'],
    description: '区域信用：各区社会信用体系建设工作动态。',
  }),
  {
    path: paths.construction,
    label: '建设中',
    breadcrumb: [{ label: '建设中' }],
    meta: { keywords: ['栏目建设'], description: '该栏目正在建设中，敬请期待。' },
    inSiteMap: false,
    page: page(() => import('../pages/construction-page')),
  },
  {
    path: paths.topicDetails,
    label: '专题报道',
    breadcrumb: [{ label: '专题报道' }],
    meta: { keywords: ['专题报道', '防疫和复工复产'], description: '专题报道正文。' },
    inSiteMap: false,
    page: contentDetailsPage(paths.articleSearch, '文章检索'),
  },
  {
    path: paths.articleSearch,
    label: '文章检索',
    breadcrumb: [{ label: '文章检索' }],
    meta: {
      keywords: ['文章检索', cmsLabel('news'), cmsLabel('policy')],
      description: '文章检索：按关键字检索本网站各栏目发布的文章。',
    },
    page: page(() => import('@/features/article-search/components/article-search-page')),
  },
  {
    path: paths.categoryList,
    label: '信息列表',
    breadcrumb: [{ label: '信息列表' }],
    meta: { keywords: ['信息列表'], description: '栏目信息列表。' },
    inSiteMap: false,
    page: contentListPage(undefined, paths.newsArticle),
  },
]);
