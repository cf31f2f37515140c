import { PATH_LOG } from '@credit-portal/shared';
import { paths } from '@/lib/paths';
import { page, sectionRows } from '../route-kit';

const INTERACTION = '互动交流';
const interactionCrumb = { label: INTERACTION, path: paths.interaction };

/** 互动交流 (hdjl): the message board, lists, search and statistics. The spec gives it no pathLog of its own: it logs as home. */
export const interactionRows = sectionRows({ section: 'interaction', pathLog: PATH_LOG.home }, [
  {
    path: paths.interaction,
    label: INTERACTION,
    breadcrumb: [{ label: INTERACTION }],
    meta: { keywords: [INTERACTION, '咨询', '投诉', '建议'], description: '互动交流：咨询、投诉、建议的办理与答复。' },
    page: page(() => import('@/features/interaction/components/interaction-index-page')),
  },
  (
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
  ).map(([path, name, load, text]) => ({
    path,
    label: name,
    breadcrumb: [interactionCrumb, { label: name }],
    meta: { keywords: [INTERACTION, name], description: `${name}：${text}` },
    page: page(load),
  })),
  {
    path: paths.interactionStatisticsDetail,
    label: '留言统计明细',
    breadcrumb: [interactionCrumb, { label: '留言统计', path: paths.interactionStatistics }, { label: '统计明细' }],
    meta: { keywords: [INTERACTION, '统计明细'], description: '留言统计明细：按办理单位和月份的留言数据。' },
    inSiteMap: false,
    page: page(() => import('@/features/interaction/components/statistics-detail-page')),
  },
  {
    path: paths.interactionDetail,
    label: '留言详情',
    breadcrumb: [interactionCrumb, { label: '留言列表', path: paths.interactionList }, { label: '留言详情' }],
    meta: { keywords: [INTERACTION, '答复'], description: '留言详情：留言内容与部门答复。' },
    inSiteMap: false,
    page: page(() => import('@/features/interaction/components/message-detail-page')),
  },
]);
