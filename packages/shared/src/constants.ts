/**
 * Business constants of spec §9 and the values the spec leaves "not shown", chosen once here
 * and used by the gateway, the credit-service and the SPA alike.
 */

/** Page sizes (spec §9). */
export const PAGE_SIZE = {
  /** Licence and penalty lists. */
  publicity: 10,
  /** The district overview's licence and penalty boxes. */
  districtOverview: 7,
  /** News and policy lists. */
  article: 8,
  /** Entity search list (paged on the client). */
  entitySearch: 10,
  /** Pager default. */
  default: 10,
} as const;

/** Pager default total when the upstream does not say (spec §9). */
export const PAGER_DEFAULT_TOTAL = 100;

/** Header turns compact past this scroll offset, in px. */
export const HEADER_COMPACT_SCROLL_PX = 260;

/** ErrorCode meaning success in the credit API and CMS envelopes. */
export const SUCCESS_CODE = 200;
/** Status meaning success in the H5 report service. */
export const H5_SUCCESS_STATUS = 10;

/** Entity status values; 存续 means active. */
export const ENTITY_STATUSES = ['存续', '吊销', '注销', '其他'] as const;
export type EntityStatus = (typeof ENTITY_STATUSES)[number];
export const ACTIVE_STATUS: EntityStatus = '存续';

/** Entity type chips: 个体 when EntType contains 个体工商户. */
export const ENTITY_TYPE_CHIPS = ['个体', '非个体'] as const;
export type EntityTypeChip = (typeof ENTITY_TYPE_CHIPS)[number];
export const SOLE_PROPRIETOR_MARK = '个体工商户';

/** CMS request constants (spec §9). */
export const SYSTEM_TYPE_CODE = '10';
export const PROPERTY_TYPE = '1';

/** Visit-log client queue flush interval, ms. */
export const VISIT_LOG_FLUSH_MS = 1000;
/** Fixed application token the SPA puts in every visit-log message. */
export const VISIT_LOG_APP_TOKEN = 'credit-portal-web';
/** Placeholders the client fills in (spec §3); the gateway replaces them with real values. */
export const VISIT_LOG_PLACEHOLDERS = {
  ipv4: '0.0.0.0',
  ipv6: '::',
  userid: '',
  visitorAppDetail: 'web',
} as const;

/** Device codes: '0' for mobile by user agent, otherwise '1'. */
export const DEVICE = { mobile: '0', desktop: '1' } as const;
export type DeviceCode = (typeof DEVICE)[keyof typeof DEVICE];

/** Route log codes (pathLog) by section (spec §9). */
export const PATH_LOG = {
  home: '01',
  news: '0103',
  policy: '0104',
  disclosure: '0105',
  services: '0106',
  lending: '0108',
  personal: '0109',
} as const;
export type PathLogCode = (typeof PATH_LOG)[keyof typeof PATH_LOG];

/**
 * The pathLog of a page whose tabs alter the code: the section code followed by the two-digit
 * tab number (currentTab 1 on the disclosure section logs 010501).
 */
export function pathLogWithTab(code: string, currentTab: string | number | null | undefined): string {
  const tab = Number(currentTab);
  if (!Number.isInteger(tab) || tab < 1 || tab > 99) return code;
  return `${code}${String(tab).padStart(2, '0')}`;
}

/** Browser storage keys of the main portal (spec §3). */
export const STORAGE_KEYS = {
  userInfo: 'SETUSERINFO',
  jwtToken: 'JwtToken',
  realAuthInfo: 'realAuthInfo',
  logoutFlag: 'isLogout',
  returnPath: 'loginReturnPath',
  visitLogQueue: 'visitLogQueue',
  elderMode: 'elderMode',
  /** Not in the spec: when this browser last kept its login alive at the service (ms), shared by its tabs (idle timeout). */
  sessionContact: 'loginLastContact',
} as const;

/** The query parameter carrying the cert token to the face-verification page (`{faceVerifyUrl}?certToken=…`). */
export const H5_CERT_TOKEN_PARAM = 'certToken';
/**
 * The query parameter of the one-time code the face verification sends the person back with
 * (added to the ReturnUrl's hash query); the SPA removes it from the address once read.
 */
export const H5_CODE_PARAM = 'code';

/** H5 app constants (spec §9). */
export const H5 = {
  versionCode: 'C',
  entityReportType: 'G',
  printStyle: '1',
  minimumAge: 18,
  rsaKeyDigits: 129,
  defaultPlatform: 'XCX_GW',
  outerDialogWidth: '80%',
  innerDialogWidth: '70%',
  loginTypeMarker: 'H5',
  /** Purpose label of an entity report request: individual credit check. */
  entityReportPurpose: '个人查询信用',
  storageKeys: {
    gtxytoken: 'gtxytoken',
    izgtxytoken: 'izgtxytoken',
    certToken: 'CertToken',
    /** Not in the spec: the secret verifier of the cert token's challenge, kept beside it (localStorage). */
    certVerifier: 'CertVerifier',
    /** sessionStorage: one tab's login (a new tab logs in again; a reload keeps it). */
    infotoken: 'Infotoken',
    loginType: 'LOGIN_TYPE',
    platform: 'platform',
  },
} as const;

/** Site-section keys and their fixed CMS category ids (spec §3, §9: values chosen here). */
export const CONTENT_SECTIONS = {
  news: { categoryId: '1001', label: '信用动态' },
  notices: { categoryId: '1002', label: '通知公告' },
  riskWarnings: { categoryId: '1003', label: '风险提示' },
  specialGovernance: { categoryId: '1004', label: '专项治理' },
  integrityPublicity: { categoryId: '1005', label: '诚信宣传' },
  integrityJourney: { categoryId: '1006', label: '诚信建设万里行' },
  policy: { categoryId: '2001', label: '政策法规' },
  legislation: { categoryId: '2002', label: '信用立法' },
  interpretation: { categoryId: '2003', label: '政策解读' },
  governmentVoice: { categoryId: '3001', label: '政府声音' },
  regionalCredit: { categoryId: '3002', label: '区域信用' },
  jointRewardPunishment: { categoryId: '3003', label: '联合奖惩' },
  caseList: { categoryId: '3004', label: '典型案例' },
  commitmentList: { categoryId: '3005', label: '信用承诺' },
  annualReports: { categoryId: '3006', label: '信用年报' },
  about: { categoryId: '4001', label: '中心简介' },
  functions: { categoryId: '4002', label: '机构职能' },
  leaders: { categoryId: '4003', label: '领导信息' },
  departments: { categoryId: '4004', label: '内设机构' },
  office: { categoryId: '4005', label: '办公室' },
  banners: { categoryId: '5001', label: '首页轮播' },
  footerQrCodes: { categoryId: '5002', label: '关注我们' },
  flipbooks: { categoryId: '5003', label: '信用读本' },
} as const;
export type ContentSectionKey = keyof typeof CONTENT_SECTIONS;

/** Looks up the section key of a category id. */
export function sectionOfCategory(categoryId: string): ContentSectionKey | undefined {
  for (const [key, value] of Object.entries(CONTENT_SECTIONS)) {
    if (value.categoryId === categoryId) return key as ContentSectionKey;
  }
  return undefined;
}

/** Messages quoted by the spec, exactly. */
export const MESSAGES = {
  emptySearch: '请输入关键字查询',
  loginExpired: '登录失效，请重新登录',
  notLoggedInUpstream: '用户未登录！',
  notRealNameLoggedIn: '用户未实名登录或实名登录过期',
  logoutConfirm: '您确定要退出登录?',
  logoutTitle: '提示',
  externalLinkTitle: '温馨提示',
  underConstruction: '建设中...',
  pinned: '[置顶]',
  noData: '暂无数据',
} as const;

/** Said to a visitor who never logged in when a page needs a login (MESSAGES.loginExpired is for a login that ran out). Not in the spec: chosen. */
export const LOGIN_REQUIRED_MESSAGE = '您尚未登录，请先登录';

// Every page's header links to the old site (spec §7), so these live here rather than beside the
// account schemas: a module of schemas brings TypeBox into the SPA chunk that imports it.
/** Pages of the older linked site, under the runtime config's oldSiteUrl (spec §7: full-page redirects). */
export const OLD_SITE_PAGES = {
  /** Personal centre: ?LoginToken=<one-time code of POST /user/oldsite/handoff>&PageType=grzl (never the JwtToken). */
  linkTo: '/NewLinkTo.aspx',
  /** Logout: ?LoginToken=<one-time code of POST /user/logout> (never the JwtToken). */
  loginOut: '/NewLoginOut.aspx',
  /** The data-submission login page. */
  login: '/login.aspx',
} as const;
/** The PageType of the old site's personal centre. */
export const OLD_SITE_PERSONAL_PAGE = 'grzl';

// The information-disclosure lists (schemas/credit-lists.ts).

/** Longest keyword of the list searches: a long or SQL-looking keyword is simply searched for. */
export const LIST_KEYWORD_MAX = 200;
/** Largest page of the list calls. */
export const LIST_PAGE_SIZE_MAX = 50;
