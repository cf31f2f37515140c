import { PATH_LOG } from '@credit-portal/shared';
import { H5Intro } from '@/features/h5/components/h5-intro';
import { paths } from '@/lib/paths';
import { page, sectionRows } from '../route-kit';

/**
 * A linked entity's details with the details page's own sections (features/entity): the same
 * words and look on both pages, given to the H5 page here (features stay apart).
 */
const h5EntityPage = () =>
  Promise.all([
    import('@/features/h5/components/h5-entity-page'),
    import('@/features/entity/components/entity-detail-sections'),
  ]).then(([entity, sections]) => {
    const H5EntityPage = entity.default;
    return { default: () => <H5EntityPage Sections={sections.DetailSections} /> };
  });

const loginMeta = {
  keywords: ['个人信用', '人脸识别', '信用报告'],
  description: '经人脸识别实名认证后，查询本人名下的市场主体、获取主体信用报告和本人公共信用信息报告。',
};

/**
 * The H5 personal credit app (/h5/*, spec §2.3): phone pages in the 'h5' frame. Only the login is
 * on the site map; the others need a verified person.
 */
export const h5Rows = sectionRows({ section: 'personal', pathLog: PATH_LOG.personal, layout: 'h5', inSiteMap: false }, [
  {
    path: paths.h5Login,
    label: '个人信用查询',
    breadcrumb: [{ label: '个人信用查询' }],
    meta: loginMeta,
    inSiteMap: true,
    intro: <H5Intro flow="entities" />,
    page: page(() => import('@/features/h5/components/h5-login-page'), { flow: 'entities' as const }),
  },
  {
    path: paths.h5ReportLogin,
    label: '个人公共信用信息报告',
    breadcrumb: [{ label: '个人公共信用信息报告' }],
    meta: loginMeta,
    intro: <H5Intro flow="report" />,
    page: page(() => import('@/features/h5/components/h5-login-page'), { flow: 'report' as const }),
  },
  {
    path: paths.h5Home,
    label: '我的信用主体',
    breadcrumb: [{ label: '我的信用主体' }],
    meta: {
      keywords: ['关联主体', '企业信用报告'],
      description: '本人名下的市场主体，及其信用报告的邮件发送。',
    },
    page: page(() => import('@/features/h5/components/h5-home-page')),
  },
  {
    path: paths.h5Entity,
    label: '主体详情',
    breadcrumb: [{ label: '我的信用主体', path: paths.h5Home }, { label: '主体详情' }],
    meta: {
      keywords: ['关联主体', '主体详情', '公示名单'],
      description: '本人名下市场主体的登记信息、行政许可、行政处罚、红黑名单、公示名单和信用承诺。',
    },
    page: page(h5EntityPage),
  },
  {
    path: paths.h5Report,
    label: '个人公共信用信息报告',
    breadcrumb: [{ label: '个人公共信用信息报告' }],
    meta: {
      keywords: ['个人公共信用信息报告', '公安', '社保', '教育', '税务', '行政管理', '司法'],
      description: '本人的公共信用信息报告：公安、社保、教育、税务、行政管理和司法信息。',
    },
    page: page(() => import('@/features/h5/components/h5-report-page')),
  },
  {
    path: paths.h5ReportAccess,
    label: '报告访问记录',
    breadcrumb: [{ label: '个人公共信用信息报告', path: paths.h5Report }, { label: '报告访问记录' }],
    meta: {
      keywords: ['个人公共信用信息报告', '访问记录', '个人信息'],
      description: '本人公共信用信息报告被查看、下载和发送至邮箱的记录。',
    },
    page: page(() => import('@/features/h5/components/h5-report-access-page')),
  },
]);
