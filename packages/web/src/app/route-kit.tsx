import { lazy, type ComponentType, type ReactElement } from 'react';
import type { Crumb } from '@/components/page-breadcrumb';

// The shape of a route-table row and the helper that makes its lazily loaded page; the rows
// themselves live in routes.tsx and the section files it joins (portal-routes, account-routes).

/** The portal's top-level sections, in menu and site-map order. */
export const SECTIONS = {
  home: '首页',
  news: '信用动态',
  policy: '政策法规',
  disclosure: '信息公示',
  services: '信用服务',
  jointRewardPunishment: '联合奖惩',
  interaction: '互动交流',
  personal: '个人中心',
  about: '关于我们',
} as const;
export type SectionKey = keyof typeof SECTIONS;

export interface AppRoute {
  /** Absolute path inside the hash router. */
  path: string;
  /** The section label of the page title: "<siteName> - <label>". */
  label: string;
  section: SectionKey;
  /** The trail after 首页; its last step is the page itself. Empty only for the home page. */
  breadcrumb: readonly Crumb[];
  /** The visit log's route code (spec §9). */
  pathLog: string;
  meta: {
    /** Joined after the site name into <meta name="keywords">. */
    keywords: readonly string[];
    description: string;
  };
  /** 'main': header, navigation, breadcrumb and footer; 'standalone': a page of its own (spec §2.1). */
  layout: 'main' | 'standalone';
  /** Listed on the site map; false for pages that need a query (details) and for error pages. */
  inSiteMap: boolean;
  /** The page, rendered lazily so each page is its own chunk. */
  page: ReactElement;
}

/** A lazily loaded page with fixed props (generic pages get their section from the table). */
export function page<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, props: P): ReactElement;
export function page(load: () => Promise<{ default: ComponentType<object> }>): ReactElement;
export function page<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, props?: P): ReactElement {
  const Page = lazy(load) as unknown as ComponentType<P>;
  return <Page {...(props ?? ({} as P))} />;
}
