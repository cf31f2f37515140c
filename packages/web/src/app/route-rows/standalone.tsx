import { PATH_LOG } from '@credit-portal/shared';
import { paths } from '@/lib/paths';
import { page, sectionRows } from '../route-kit';

/** Pages outside the portal's menus (spec §2.1): the 404 page, the district site and the entry from the old site. */
export const standaloneRows = sectionRows({ section: 'home', pathLog: PATH_LOG.home, inSiteMap: false }, [
  {
    path: paths.notFound,
    label: '页面未找到',
    breadcrumb: [{ label: '页面未找到' }],
    meta: { keywords: ['404'], description: '您访问的页面不存在或已被移除。' },
    // Draws its own header: the frame would offer a breadcrumb to a page that does not exist.
    layout: 'bare',
    page: page(() => import('../pages/not-found-page')),
  },
  {
    path: paths.areaDetails,
    label: '区县信用',
    breadcrumb: [{ label: '区县信用站点' }],
    meta: {
      keywords: ['区县信用', '行政许可', '行政处罚'],
      description: '区县信用站点：各区的双公示信息、信用动态与政策法规。',
    },
    layout: 'page',
    inSiteMap: true,
    page: page(() => import('@/features/district/components/area-details-page')),
  },
  {
    path: paths.oldSiteEntry,
    label: '页面跳转',
    breadcrumb: [{ label: '页面跳转' }],
    meta: { keywords: ['页面跳转'], description: '从原网站进入信用门户。' },
    layout: 'bare',
    page: page(() => import('@/features/account/components/old-site-entry-page')),
  },
]);
