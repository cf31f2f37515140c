import type { Dialect } from './envelope.js';

/** Which configured base URL an upstream path lives on (DESIGN.md: CREDIT_API_URL, CMS_API_URL, REPORT_API_URL). */
export type UpstreamName = 'credit' | 'cms' | 'report';

/**
 * The upstream paths the SPA calls through the gateway. Paths the spec shows are used as shown;
 * the ones it leaves "not shown" are chosen here and used by both sides.
 */
export const API_PATHS = {
  // District site (spec §7).
  siteInfo: '/cms/siteinfo',
  districtContentList: '/cms/mrlb',
  districtLicenceList: '/cms/GetQYSiteInfoXK',
  districtPenaltyList: '/cms/GetQYSiteInfoCF',
  /** Not shown in the spec: chosen. */
  districtLicenceDetail: '/cms/GetQYSiteInfoXKDetail',
  /** Not shown in the spec: chosen. */
  districtPenaltyDetail: '/cms/GetQYSiteInfoCFDetail',
  /** Not shown in the spec: the list of district sites. */
  districtList: '/cms/sitelist',
  // Portal content (spec §7).
  contentList: '/Cms/mrlb',
  contentListAll: '/Cms/mrlbAll',
  contentDetail: '/Cms/nrxq',
  imageLinkList: '/Cms/twljlb',
  flipbook: '/Cms/xydb',
  /** Flipbook page images: /Cms/xydb/page/{recordId}/{n}.svg (binary, passed through). */
  flipbookPagePrefix: '/Cms/xydb/page/',
  /** Not shown in the spec: chosen. CMS images (articles, banners, leaders, QR codes): /Cms/image/{name}.svg (binary). */
  imagePrefix: '/Cms/image/',
  /** Not shown in the spec: chosen. Article search over every article section (index/articleList). */
  articleSearch: '/Cms/articleSearch',
  /** Not shown in the spec: chosen. Interaction (互动交流) messages, their search, one message, the yearly figures. */
  interactionList: '/Cms/hdjl/list',
  interactionSearch: '/Cms/hdjl/search',
  interactionDetail: '/Cms/hdjl/detail',
  interactionStatistics: '/Cms/hdjl/statistics',
  /** Not shown in the spec: chosen. The lending page (信易贷): platform figures, partner banks, products. */
  lendingOverview: '/Cms/xyd/overview',
  /** Not shown in the spec: chosen. The service guides of the mobile guide page (办事指南). */
  serviceGuides: '/Cms/bszn/list',
  /** Not shown in the spec: chosen. The centre's annual reports (信用年报): the list and one year. */
  annualReportList: '/Cms/nb/list',
  annualReportDetail: '/Cms/nb/detail',
  visitLog: '/visitstatics/EncodeMsgs',
  // Credit data API (spec §7).
  /** Not shown in the spec: chosen. Body { EntNameOrCreditCode }. */
  entitySearch: '/api/dmenterprise/entsearch',
  permitPublicity: '/api/dmenterprise/permtipublicity',
  punishPublicity: '/api/dmenterprise/punishpublicity',
  permitDetail: '/api/dmenterprise/permitpublicitydetailinfo',
  punishDetail: '/api/dmenterprise/punishpublicitydetailinfo',
  /** Not shown in the spec: chosen. GET ?id=, JwtToken as a bearer token: the registration information. */
  entityBaseInfo: '/api/dmenterprise/entbaseinfos',
  /** Not shown in the spec: chosen. GET ?id=, bearer: licences, penalties in publicity, red/black lists, promises. */
  entityDetailInfo: '/api/dmenterprise/v2/entdetailinfo',
  // Accounts and login (spec §2.1 personal centre, §3, §4): paths not shown in the spec, chosen.
  /** POST RegisterRequest → LoginResult. */
  register: '/user/register',
  /** POST LoginRequest → LoginResult. */
  login: '/user/login',
  /** GET → WechatIdentity[]: the chat-app identities the phone can authorize with. */
  wechatIdentities: '/user/wechat/identities',
  /** POST WechatLoginRequest → LoginResult. */
  wechatLogin: '/user/wechat/login',
  /** POST {} → LoginTicket (the QR code's ticket and the desktop's poll token). */
  loginTicketCreate: '/user/loginticket/create',
  /** POST LoginTicketPoll → LoginTicketState. */
  loginTicketStatus: '/user/loginticket/status',
  /** POST LoginTicketRequest (the phone opened the QR code) → LoginTicketState. */
  loginTicketScan: '/user/loginticket/scan',
  /** POST LoginTicketRequest, bearer (the phone's login) → LoginTicketState. */
  loginTicketConfirm: '/user/loginticket/confirm',
  /** POST LoginTokenExchange → LoginResult (the /newszxy entry). */
  loginTokenExchange: '/user/logintoken/exchange',
  /** GET, bearer → Profile. */
  profile: '/user/profile',
  /** POST BindMobileRequest, bearer (a chat-app login) → Profile. */
  bindMobile: '/user/bind/mobile',
  /** POST BindWechatRequest, bearer (a mobile login) → Profile. */
  bindWechat: '/user/bind/wechat',
  /** GET, bearer → CreditPromise[] of the user; POST CreatePromiseRequest, bearer → CreditPromise. */
  myPromises: '/user/entpromise',
} as const;
export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];

/** The gateway's own endpoints (not proxied). */
export const GATEWAY_PATHS = {
  health: '/healthz',
  ready: '/readyz',
  metrics: '/metrics',
  runtimeConfig: '/runtime-config',
  cachePurge: '/admin/cache/purge',
} as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One upstream route: where it goes and which envelope it speaks. */
export interface UpstreamRoute {
  path: string;
  methods: readonly HttpMethod[];
  upstream: UpstreamName;
  /** The envelope dialect; 'binary' answers pass through untouched. */
  dialect: Dialect | 'binary';
  /** True when the path is a prefix (e.g. flipbook page images). */
  prefix?: boolean;
}

/**
 * Every upstream path the gateway proxies. Anything else answers 404 without reaching an
 * upstream. The gateway adds its cache policy to these rows; the credit-service serves them.
 */
export const UPSTREAM_ROUTES: readonly UpstreamRoute[] = [
  { path: API_PATHS.siteInfo, methods: ['GET'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.districtList, methods: ['GET'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.districtContentList, methods: ['GET'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.districtLicenceList, methods: ['GET'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.districtPenaltyList, methods: ['GET'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.districtLicenceDetail, methods: ['GET'], upstream: 'cms', dialect: 'errorCode' },
  { path: API_PATHS.districtPenaltyDetail, methods: ['GET'], upstream: 'cms', dialect: 'errorCode' },
  { path: API_PATHS.contentList, methods: ['POST'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.contentListAll, methods: ['POST'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.contentDetail, methods: ['POST'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.imageLinkList, methods: ['POST'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.flipbook, methods: ['POST'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.flipbookPagePrefix, methods: ['GET'], upstream: 'cms', dialect: 'binary', prefix: true },
  { path: API_PATHS.imagePrefix, methods: ['GET'], upstream: 'cms', dialect: 'binary', prefix: true },
  { path: API_PATHS.articleSearch, methods: ['POST'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.interactionList, methods: ['POST'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.interactionSearch, methods: ['POST'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.interactionDetail, methods: ['POST'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.interactionStatistics, methods: ['POST'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.lendingOverview, methods: ['POST'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.serviceGuides, methods: ['POST'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.annualReportList, methods: ['POST'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.annualReportDetail, methods: ['POST'], upstream: 'cms', dialect: 'msg' },
  { path: API_PATHS.entitySearch, methods: ['POST'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.permitPublicity, methods: ['GET'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.punishPublicity, methods: ['GET'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.permitDetail, methods: ['GET'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.punishDetail, methods: ['GET'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.entityBaseInfo, methods: ['GET'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.entityDetailInfo, methods: ['GET'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.register, methods: ['POST'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.login, methods: ['POST'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.wechatIdentities, methods: ['GET'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.wechatLogin, methods: ['POST'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.loginTicketCreate, methods: ['POST'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.loginTicketStatus, methods: ['POST'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.loginTicketScan, methods: ['POST'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.loginTicketConfirm, methods: ['POST'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.loginTokenExchange, methods: ['POST'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.profile, methods: ['GET'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.bindMobile, methods: ['POST'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.bindWechat, methods: ['POST'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.myPromises, methods: ['GET', 'POST'], upstream: 'credit', dialect: 'errorCode' },
];
