import { createContext, lazy, useContext, type ComponentType, type ReactElement } from 'react';
import { useMatches } from 'react-router';
import type { Crumb } from '@/components/page-breadcrumb';
import { renderedInBrowser } from '@/lib/first-render';
import type { OpeningRequest } from '@/lib/opening-request';

// The leaf of the route table: the shape of a row, the frames a row can name, the handle the
// router sets and the hooks that read it. It imports no row, no layout and no page, so every
// layout and page may import it without a cycle. The rows live in route-rows/, joined in routes.ts.

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

/**
 * The frames the router puts around a page (spec §2.1). A row names one; the router applies it.
 * - main: header, navigation, breadcrumb and footer;
 * - page: a standalone page in a slim frame (site name, breadcrumb, short footer);
 * - mobile: a standalone phone page under an app bar with back and home;
 * - h5: the personal credit app (/h5/*), designed at 375 px;
 * - bare: no frame at all (error pages that draw their own, redirects).
 */
export const FRAMES = ['main', 'page', 'mobile', 'h5', 'bare'] as const;
export type Frame = (typeof FRAMES)[number];

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
  /** The frame around the page. */
  layout: Frame;
  /** Listed on the site map; false for pages that need a query (details) and for error pages. */
  inSiteMap: boolean;
  /** The page, rendered lazily so each page is its own chunk. */
  page: ReactElement;
  /**
   * Shown by the frame above the page (the H5 frame: the logins' introduction), with the frame:
   * in the pre-rendered frame and the first paint rather than after the page's module.
   */
  intro?: ReactElement;
  /**
   * Starts the page's first data requests when the app opens at this page, beside its module and
   * the runtime configuration, instead of after its first render (the largest paint of the home
   * page on a phone is a list item from such a request).
   */
  prefetch?: () => void;
  /**
   * prefetch's public content request, as it goes on the wire: the pre-rendered page starts it
   * with the frame, before the app's modules arrive, and the API client takes its answer
   * (lib/opening-request.ts). Never a request that needs a user.
   */
  openingRequest?: OpeningRequest;
}

/** What the router knows of a route row (set as `handle` on every route object). */
export interface RouteHandle {
  route: AppRoute;
}

/** The row of the page being shown (the deepest match that carries one), if any. */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]!.handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}

/**
 * The document title of a route: "<siteName> - <label>", or "<siteName> - <record> - <label>" on a
 * details page that names its record (an article, a company, a decision).
 */
export const routeTitle = (siteName: string, route: AppRoute, record?: string): string =>
  record ? `${siteName} - ${record} - ${route.label}` : `${siteName} - ${route.label}`;

/**
 * The whole table, handed down by the router: pages that list routes (the site map) read it here
 * instead of importing routes.ts, which imports them.
 */
export const RouteTableContext = createContext<readonly AppRoute[]>([]);
export const useRouteTable = (): readonly AppRoute[] => useContext(RouteTableContext);

/** The loaders of the pages made by page(), to start one before it is rendered (preloadPage). */
const pageLoaders = new WeakMap<ReactElement, () => Promise<unknown>>();

type PageModule<P> = Promise<{ default: ComponentType<P> }>;

/**
 * The page's component inside antd's configuration (zh_CN, the theme), which comes in its own
 * chunk with the first page that needs it: antd is not in the frame (components/antd-scope.tsx).
 */
function scoped<P extends object>(load: () => PageModule<P>): () => PageModule<P> {
  return () =>
    Promise.all([load(), import('@/components/antd-scope')]).then(([module, { AntdScope }]) => {
      const Page = module.default;
      return {
        default: (pageProps: P) => (
          <AntdScope>
            <Page {...pageProps} />
          </AntdScope>
        ),
      };
    });
}

/**
 * A lazily loaded page with fixed props (generic pages get their section from the table), inside
 * antd's configuration. Once its module is loaded (preloadPage, or an earlier visit) the page
 * renders at once, without suspending: the first page is not swapped in for the fallback after the
 * frame has painted.
 */
export function page<P extends object>(load: () => PageModule<P>, props: P): ReactElement;
export function page(load: () => PageModule<object>): ReactElement;
export function page<P extends object>(load: () => PageModule<P>, props?: P): ReactElement {
  return lazyPage(scoped(load), props);
}

/** The pages made by plainPage(). */
const plainPages = new WeakSet<ReactElement>();

/**
 * A page that draws none of antd's components (only their look, components/lite/): without antd's
 * configuration, so that opening the portal at it loads none of antd's code (the home page;
 * a test checks its chunks hold no antd module). `prerendered`: see lazyPage.
 */
export function plainPage(
  load: () => PageModule<object>,
  { prerendered = false }: { prerendered?: boolean } = {},
): ReactElement {
  const element = lazyPage(load, undefined, prerendered);
  plainPages.add(element);
  return element;
}

/** Whether a row's page was made by plainPage() (it loads no antd of its own to begin with). */
export const isPlainPage = (element: ReactElement): boolean => plainPages.has(element);

/**
 * `prerendered`: the page's first render depends on its path alone (no query, login or data; what
 * does is left to the browser by browserOnly), so the prerender renders it into the frame,
 * where it is the first paint's (双公示's introduction is a phone's largest paint). Any
 * other page throws in Node, and the frame carries its loading place-holder.
 */
function lazyPage<P extends object>(
  load: () => PageModule<P>,
  props: P | undefined,
  prerendered = false,
): ReactElement {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // Not kept: a failed preload leaves the render to try again (and to show the error).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(loadOnce) as unknown as ComponentType<P>;
  function Page(pageProps: P) {
    if (!prerendered) renderedInBrowser();
    const Loaded = loaded;
    return Loaded ? <Loaded {...pageProps} /> : <Lazy {...pageProps} />;
  }
  const element = <Page {...(props ?? ({} as P))} />;
  pageLoaders.set(element, loadOnce);
  return element;
}

/**
 * Starts loading a row's page (made by page()) before it is rendered. Settles when the module is
 * loaded or could not be (the error then surfaces when the page renders).
 */
export function preloadPage(element: ReactElement): Promise<void> {
  const load = pageLoaders.get(element);
  return load
    ? load().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

/** What every row of a section file shares; a row gives the rest. */
export type RowDefaults = Pick<AppRoute, 'section' | 'pathLog'> & Partial<Pick<AppRoute, 'layout' | 'inSiteMap'>>;
export type RowInput = Omit<AppRoute, 'section' | 'pathLog' | 'layout' | 'inSiteMap'> &
  Partial<Pick<AppRoute, 'section' | 'pathLog' | 'layout' | 'inSiteMap'>>;

/** The rows of one site section: each row takes the section's defaults (main frame, on the site map) unless it says otherwise. */
export function sectionRows(defaults: RowDefaults, rows: readonly (RowInput | readonly RowInput[])[]): AppRoute[] {
  return rows.flat().map((row) => ({ layout: 'main', inSiteMap: true, ...defaults, ...row }));
}
