import { paths } from '@/lib/paths';
import { hasRoute } from '../routes';

/** A main-menu entry: its landing page and the paths that count as inside it. */
export interface NavItem {
  label: string;
  path: string;
  /** Path prefixes of the section; the home item matches its path exactly. */
  prefixes: readonly string[];
}

/** The main sections of the portal, in menu order (spec §2.1). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: '首页', path: paths.home, prefixes: [] },
  { label: '信用动态', path: paths.news, prefixes: ['/xydt'] },
  { label: '政策法规', path: paths.policy, prefixes: ['/zcfg'] },
  {
    label: '信息公示',
    path: paths.disclosure,
    prefixes: [
      '/xygs',
      paths.licenceDetails,
      paths.penaltyDetails,
      paths.abnormalBusiness,
      paths.majorTaxViolation,
      paths.arrearsFunds,
      paths.nontaxList,
      paths.nontaxDetails,
      paths.bankruptcyList,
      paths.bankruptcyDetails,
      paths.promiseDetail,
      paths.keptPromises,
      paths.fulfilmentDetail,
      paths.redBlackDetails,
      paths.redBlackMore,
      '/xyht',
    ],
  },
  { label: '信用服务', path: paths.services, prefixes: ['/xyfw', paths.mobileGuide] },
  { label: '联合奖惩', path: paths.jointRewardPunishment, prefixes: ['/lhjc'] },
  { label: '互动交流', path: paths.interaction, prefixes: ['/hdjl'] },
  { label: '信易贷', path: paths.lending, prefixes: [paths.lending] },
  {
    label: '关于我们',
    path: paths.centreIntro,
    prefixes: [paths.centreIntro, paths.office, '/xyzx', paths.organisation, paths.flipbook],
  },
];

/** The menu entries whose pages exist in the route table. */
export const visibleNavItems = (): NavItem[] => NAV_ITEMS.filter((item) => hasRoute(item.path));

/** True when the current path lies in the item's section. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = pathname.toLowerCase();
  if (item.path === paths.home) return path === paths.home;
  return item.prefixes.some((prefix) => {
    const p = prefix.toLowerCase();
    return path === p || path.startsWith(`${p}/`);
  });
}
