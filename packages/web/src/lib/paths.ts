/**
 * Every route string of the SPA, in one module (spec §2.1). Pages and links build addresses
 * from here; the route table maps them to pages. A path may be named here before its page
 * exists: navigating to it then lands on /404 until the page's issue adds the route.
 */
export const paths = {
  root: '/',
  home: '/index',
  notFound: '/404',
  webMap: '/index/webMap',
  centreIntro: '/index/xyzx',
  // Credit news.
  news: '/xydt',
  newsList: '/xydt/list',
  newsDetails: '/xydt/details',
  notices: '/xydt/tzgg',
  noticeDetails: '/xydt/tzggdetails',
  riskWarnings: '/xydt/fxts',
  riskWarningDetails: '/xydt/fxtsdetails',
  // Policy.
  policy: '/zcfg',
  policyList: '/zcfg/list',
  policyDetails: '/zcfg/details',
  // Information disclosure.
  disclosure: '/xygs',
  licenceDetails: '/XygsDetailsXK',
  penaltyDetails: '/XygsDetailsCF',
  // Credit services and search.
  services: '/xyfw',
  searchList: '/xyfw/search',
  realNameTips: '/xyfw/wwfwgb/tipspage',
  publicCheck: '/public/xyhc',
  // Other sections.
  interaction: '/hdjl/Index',
  jointRewardPunishment: '/lhjc',
  // Personal centre.
  scanLogin: '/grzx/scancode',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

type QueryValue = string | number | null | undefined;

/** A path with a query string; empty and missing values are left out. */
export function withQuery(path: string, query: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The entity search list for a keyword (spec §5: the header search). */
export const searchListPath = (searchKey: string): string => withQuery(paths.searchList, { searchKey });

/** A content details page for a record id. */
export const detailsPath = (base: string, id: string): string => withQuery(base, { id });

/** The licence (行政许可) detail of a notice item: query id and title (spec §2.1). */
export const licenceDetailsPath = (id: string, title: string): string => withQuery(paths.licenceDetails, { id, title });

/** The penalty (行政处罚) detail of a notice item: query id and title (spec §2.1). */
export const penaltyDetailsPath = (id: string, title: string): string => withQuery(paths.penaltyDetails, { id, title });

/** The address of a route inside the hash router, as a browser link or window.open needs it. */
export const hashHref = (path: string): string => `#${path}`;
