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
  governmentVoice: '/index/zysy',
  governmentVoiceDetails: '/index/zysydetails',
  construction: '/index/construction',
  topicDetails: '/index/fyhfgfcdetails',
  regionalCredit: '/index/qyxy',
  regionalCreditDetails: '/index/qyxydetails',
  articleSearch: '/index/articleList',
  categoryList: '/index/list',
  office: '/index/bgs',
  // Credit news.
  news: '/xydt',
  newsList: '/xydt/list',
  newsDetails: '/xydt/details',
  notices: '/xydt/tzgg',
  noticeDetails: '/xydt/tzggdetails',
  riskWarnings: '/xydt/fxts',
  riskWarningDetails: '/xydt/fxtsdetails',
  specialGovernance: '/xydt/zxzl/list',
  specialGovernanceDetails: '/xydt/zxzl/details',
  integrityPublicity: '/xydt/cxxc/list',
  integrityPublicityDetails: '/xydt/cxxc/details',
  integrityJourney: '/xydt/cxjswlx/list',
  integrityJourneyDetails: '/xydt/cxjswlx/details',
  /** The named route XydtDetails: a news article, opened in a new tab with its id. */
  newsArticle: '/XydtDetails',
  // Policy.
  policy: '/zcfg',
  policyList: '/zcfg/list',
  policyDetails: '/zcfg/details',
  legislation: '/zcfg/xylf',
  legislationDetails: '/zcfg/xylfdetails',
  interpretation: '/zcfg/zcjd',
  interpretationDetails: '/zcfg/zcjddetails',
  /** The named route zcfgDetails: an article, opened in a new tab with its id. */
  policyArticle: '/zcfgDetails',
  // Information disclosure.
  disclosure: '/xygs',
  licenceDetails: '/XygsDetailsXK',
  penaltyDetails: '/XygsDetailsCF',
  abnormalBusiness: '/abnormalBusinessPublicity',
  majorTaxViolation: '/majorTaxViolationPublicity',
  arrearsFunds: '/arrearsFundsPayPublicity',
  nontaxList: '/nontaxList',
  nontaxDetails: '/NontaxDetails',
  bankruptcyList: '/newSZInfoPublicList',
  bankruptcyDetails: '/bankruptcyDetails',
  /** 双公示: licence and penalty tabs (currentTab 1 and 2). */
  doubleDisclosure: '/xygs/xygsList',
  promiseBook: '/xygs/xycnBook',
  /** 开放数据: the daily files of the published records and the read API. */
  openData: '/xygs/kfsj',
  promiseDetail: '/KeepPromisetDetail',
  /** 信用承诺自愿注册: a logged-in user files a voluntary promise. */
  promiseVoluntary: '/xygs/xycnzyzc',
  /** 守信践诺: promises checked and found kept. */
  keptPromises: '/xscnList',
  /** 信用履约公示: one fulfilment check (query id). */
  fulfilmentDetail: '/xylygsDetail',
  /** One red- or black-list entry (query id); login. */
  redBlackDetails: '/XygsDetailsRed',
  /** The entity's other entries in force beside one entry (query id); login. */
  redBlackMore: '/XygsDetailsRedMore',
  hetaoSearch: '/xyht/search',
  hetaoList: '/xyht/list',
  // Credit services and search.
  services: '/xyfw',
  searchList: '/xyfw/search',
  realNameTips: '/xyfw/wwfwgb/tipspage',
  /** Third-party credit check: credit code + report number + code (the guard drops its query). */
  publicCheck: '/public/xyhc',
  creditRepair: '/xyfw/xyxf',
  creditRepairSearch: '/xyfw/xyxf/search',
  /** The repair filing form (query punishId and docNo, from the search or the repairable-day notice and mail): the shared REPAIR_FILING_PAGE_PATH. */
  creditRepairReport: '/xyfw/xyxf/report',
  /** The user's repair applications, each with its number and timeline; login. */
  creditRepairProgress: '/xyfw/xyxf/document-submit',
  creditObjection: '/xyfw/xyyy',
  creditObjectionSearch: '/xyfw/xyyy/search',
  /** An objection's progress and result by its application number (query applyNo); login. */
  creditObjectionResult: '/xyfw/xyyy/result',
  /** The objection filing form (query punishId and docNo, from the search). */
  creditObjectionReport: '/xyfw/xyyy/report',
  /** The enterprise credit report (PDF). */
  creditReport: '/xyfw/xybg',
  /** 专项信用报告, instead of certificates of no violation. */
  specialReport: '/xyfw/wwfwgb',
  specialReportExplain: '/xyfw/wwfwgb/explain',
  /** The special report itself: real-name login (spec §6–7). */
  specialReportInfo: '/xyfw/wwfwgb/reportInfo',
  /** Public verification of a report (query no and code, from its QR code). */
  reportVerify: '/xyfw/verify',
  /** Entity details (query id); needs login. */
  searchDetails: '/xyfw/search/details',
  /** The named route SearchMore: the search with every subject type and search tips. */
  searchMore: '/SearchMore',
  // Other sections.
  interaction: '/hdjl/Index',
  jointRewardPunishment: '/lhjc',
  jointRewardPunishmentList: '/lhjc/list',
  jointRewardPunishmentDetails: '/lhjc/details',
  interactionHome: '/hdjl/Home',
  interactionStatistics: '/hdjl/statistics',
  interactionStatisticsDetail: '/hdjl/statistics/detail',
  interactionSearch: '/hdjl/Search',
  interactionList: '/hdjl/List',
  interactionDetail: '/hdjl/Detail',
  annualReports: '/xyzx/nbList',
  annualReport2022: '/xyzx/xn2022Details',
  annualReport2023: '/xyzx/xn2023Details',
  annualReport2024: '/xyzx/xn2024Details',
  organisation: '/Zzjg',
  personalCredit: '/grxy',
  flipbook: '/xydb',
  areaDetails: '/areaDetails',
  /** Entry points of the older site: they resolve to the entity search list and details. */
  legacySearchList: '/searchLists',
  legacyEntityDetails: '/entDetails',
  lending: '/xyd',
  lendingMobile: '/xyd/mobile',
  mobileGuide: '/mobile/bszn',
  // Personal centre.
  scanLogin: '/grzx/scancode',
  /** The phone's page of a QR login (query ticket), opened from the QR code. */
  scanConfirm: '/grzx/confirm',
  passwordLogin: '/grzx/userlogin',
  register: '/register',
  /** 找回密码: a forgotten password reset with an SMS code (not in the spec: chosen). */
  resetPassword: '/grzx/zhmm',
  personal: '/grzx',
  /** The named route PersonalCenter: the personal centre under its old name. */
  personalCenter: '/PersonalCenter',
  myCenter: '/grzx/myCenter',
  /** 我的办件: the user's repair and objection filings with their timelines (not in the spec: chosen). */
  myFilings: '/grzx/wdbj',
  /** 修改密码: a logged-in user's new password, given the current one (not in the spec: chosen). */
  changePassword: '/grzx/xgmm',
  /** 个人信息处理规则 (not in the spec: chosen): the shared PRIVACY_PAGE_PATH, linked from the footer, every login and registration. */
  privacy: '/grzx/privacy',
  /** 我的数据: everything held about the account, shown and downloaded (not in the spec: chosen). */
  myData: '/grzx/wdsj',
  /** 注销账号: closing the account after proving it (not in the spec: chosen). */
  closeAccount: '/grzx/zxzh',
  bindMobile: '/grzx/bdzh',
  bindWechat: '/grzx/bdwx',
  /** Where the chat app's authorization sends the browser back (?code=&state= before the hash): login or binding. */
  wechatCallback: '/grzx/wxauth',
  promiseInfo: '/sxcn/NewEntPromiseInfo',
  /** 信用关注: followed entities, notices, the mail choice (the shared FOLLOW_PAGE_PATH). */
  follows: '/grzx/xygz',
  /** The digest mail's signed unfollow link (?token=; no login): the shared FOLLOW_UNFOLLOW_PAGE_PATH, which the mails link to. */
  followUnfollowLink: '/grzx/xygz/unfollow',
  /** The digest address's confirmation link (?token=; no login): the shared FOLLOW_CONFIRM_PAGE_PATH, which the mails link to. */
  followConfirmEmail: '/grzx/xygz/confirm',
  /** Every 信用关注 mail's one-click withdrawal of the consent to the mails (?token=; no login): the shared FOLLOW_WITHDRAW_PAGE_PATH. */
  followWithdrawLink: '/grzx/xygz/withdraw',
  /** Entry from the old site (spec §4): logintoken, pageType, searchKey, id. */
  oldSiteEntry: '/newszxy',
  // The H5 personal credit app (spec §2.3), designed for phones.
  /** Linked entities and the personal card; test mode reads ?name=&idCard=. */
  h5Home: '/h5/gtxy',
  h5Login: '/h5/login',
  /** The same login for the personal report: lands on h5Report. */
  h5ReportLogin: '/h5/PersonCreditReportLogin',
  h5Report: '/h5/PersonCreditReport',
  /** Who looked at my report: the accesses to the person's report from the audit trail (not in the spec: chosen). */
  h5ReportAccess: '/h5/PersonCreditReport/access',
  /** One of the verified person's own entities (?id=), inside the app: no second login (not in the spec: chosen). */
  h5Entity: '/h5/gtxy/detail',
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
