import type { Static, TSchema } from 'typebox';
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
  // Disclosure lists (spec §2.1 information disclosure, §7). GET, paged: pageIndex, pageSize.
  /** GET ?entName= → { list, totalCount } (经营异常名录). */
  abnormalBusiness: '/api/dmenterprise/AbnormalBusinessPublicity',
  /** GET ?entName= → { list, totalCount } (重大税收违法失信主体). */
  majorTaxViolation: '/api/dmenterprise/MajorTaxViolationPublicity',
  /** GET ?entName= → { list, totalCount } (拖欠农民工工资失信联合惩戒对象). */
  arrearsFunds: '/api/dmenterprise/ArrearsFundsPayPublicity',
  /** GET ?entNameOrSCCode=, JwtToken as a bearer token → { list, totalCount } (非税收入欠缴). */
  nontaxRevenue: '/api/dmenterprise/nontaxrevenupublicity',
  /** Not shown in the spec: chosen. GET ?id=, bearer → one non-tax arrears record (NontaxDetails). */
  nontaxDetail: '/api/dmenterprise/NontaxDetail',
  /** Not shown in the spec: chosen. GET ?name= → { list, totalCount } (个人破产信息公示, newSZInfoPublicList). */
  bankruptcyList: '/api/dmenterprise/BankruptcyPublicity',
  /** Not shown in the spec: chosen. GET ?id= → one personal bankruptcy case (bankruptcyDetails). */
  bankruptcyDetail: '/api/dmenterprise/BankruptcyDetail',
  // Accounts and login (spec §2.1 personal centre, §3, §4): paths not shown in the spec, chosen.
  /** POST SmsCodeRequest → SmsCodeSent: a one-time SMS code to the number (the same answer, registered or not). */
  registerCode: '/user/register/code',
  /** POST RegisterRequest (with the SMS code) → LoginResult. */
  register: '/user/register',
  /** POST SmsCodeRequest → SmsCodeSent: a one-time SMS code to reset the number's password (the same answer, registered or not). */
  passwordResetCode: '/user/password/reset/code',
  /** POST PasswordResetRequest (with that code) → PasswordResetResult: a new password; every login of the account ends. */
  passwordReset: '/user/password/reset',
  /** POST LoginRequest → LoginResult. */
  login: '/user/login',
  /** POST WechatLoginRequest (the chat app's authorization code and the SPA's state) → LoginResult. */
  wechatLogin: '/user/wechat/login',
  /** POST {} → LoginTicket (the QR code's ticket and the desktop's poll token). */
  loginTicketCreate: '/user/loginticket/create',
  /** POST LoginTicketPoll → LoginTicketState. */
  loginTicketStatus: '/user/loginticket/status',
  /** POST LoginTicketRequest (the phone opened the QR code) → LoginTicketState. */
  loginTicketScan: '/user/loginticket/scan',
  /** POST LoginTicketRequest, bearer (the phone's login) → LoginTicketState. */
  loginTicketConfirm: '/user/loginticket/confirm',
  /** POST LoginTokenExchange → LoginResult in the hand-off's session (the /newszxy entry). */
  loginTokenExchange: '/user/logintoken/exchange',
  /** POST PasswordChangeRequest (current and new password), bearer → PasswordResetResult: every other login of the account ends. */
  passwordChange: '/user/password/change',
  /** POST {}, bearer → LogoutResult: ends the login session; its code opens the old site's logout page. */
  logout: '/user/logout',
  /** POST {}, bearer → OldSiteCode: a one-time code for the old site's personal centre (NewLinkTo.aspx). */
  oldSiteHandoff: '/user/oldsite/handoff',
  /** GET, bearer → Profile. */
  profile: '/user/profile',
  /** POST BindMobileRequest, bearer (a chat-app login) → Profile. */
  bindMobile: '/user/bind/mobile',
  /** POST BindWechatRequest (authorization code and state), bearer (a mobile login) → Profile. */
  bindWechat: '/user/bind/wechat',
  /** POST UnbindWechatRequest (the account's password), bearer (a mobile login made here) → Profile: the chat-app identity let go. */
  unbindWechat: '/user/bind/wechat/remove',
  /** GET, bearer → CreditPromise[] of the user; POST CreatePromiseRequest, bearer → CreditPromise. */
  myPromises: '/user/entpromise',
  // Information disclosure lists: the double-disclosure searches (spec §7).
  permitSearch: '/api/dmenterprise/permitpublicitysearch',
  punishSearch: '/api/dmenterprise/punishpublicitysearch',
  /** POST RedBlackQuery, bearer (spec §7) → { list, totalCount } of red/black list entries in force. */
  redBlackList: '/api/dmenterprise/redblackinfo',
  /** Not shown in the spec: chosen. GET ?id=, bearer → RedBlackDetail (XygsDetailsRed / XygsDetailsRedMore). */
  redBlackDetail: '/api/dmenterprise/redblackdetail',
  /** Not shown in the spec: chosen. GET ?keyword&pageIndex&pageSize → published credit promises (xycnBook). */
  promiseList: '/api/dmenterprise/promisepublicity',
  /** Not shown in the spec: chosen. GET ?id= → one published promise (KeepPromisetDetail). */
  promiseDetail: '/api/dmenterprise/promisedetail',
  /** Not shown in the spec: chosen. GET ?keyword&pageIndex&pageSize → { list, totalCount } of kept promises (xscnList). */
  promiseFulfilmentList: '/api/dmenterprise/promisefulfilment',
  /** Not shown in the spec: chosen. GET ?id= → one fulfilment check with its promise (xylygsDetail). */
  promiseFulfilmentDetail: '/api/dmenterprise/promisefulfilmentdetail',
  // 信用河套: the Hetao cooperation zone's enterprise credit list. Not shown in the spec: chosen.
  /** GET ?searchkey&pageIndex&pageSize → { list, totalCount } of member enterprises, newest joined first. */
  hetaoList: '/api/dmenterprise/GetXyhtList',
  /** GET ?id= (entity id) → { isXyht }. */
  hetaoCheck: '/api/dmenterprise/GetIsXyht',
  /** GET ?id= (entity id) → { labels } (empty outside the zone). */
  hetaoLabels: '/api/dmenterprise/GetXyhtLabel',
  // The H5 personal credit app (spec §7 "H5 calls" and "Credit-report calls").
  /** POST { Platform, Remark, ComIp } → the encrypted wrapper (login page mount). */
  h5Encode: '/api/user/peroncreditencode',
  /** POST ?type= ('' or 'grxybg') { EncodeMsg?, ReturnUrl?, CodeChallenge } → a cert token for the face verification. */
  h5CertToken: '/wechat/getgzhcerttoken',
  /**
   * POST { certToken, code, verifier, type? } → user info, once, after the face verification (the
   * spec's GET ?certToken&type: moved to a body so that no code or verifier ever rides in a URL).
   */
  h5CertExchange: '/user/getplainhist',
  /** Not shown in the spec: chosen. POST { Infotoken } → the same user info, the Infotoken unchanged (a reload). */
  h5Session: '/user/h5/session',
  /** Not shown in the spec: chosen. POST { Infotoken } → revokes it and every token made from it (退出). */
  h5Logout: '/user/h5/logout',
  /** GET ?Name&IdCard&type (test mode) → Data: JSON string with izgtxytoken. */
  h5TestLogin: '/user/GetPlainhistTes',
  /** POST { Name, IdCard } (test mode) → user info. */
  h5TestUserInfo: '/wechat/GetUserInfoTest',
  /**
   * POST { Infotoken } (an izgtxytoken) → user info (the spec's GET ?Infotoken=: moved to a body
   * so that the token never rides in a URL).
   */
  h5IzLogin: '/user/GetIZLoginUser',
  /** POST { Infotoken } → Data.Data: JSON string of the linked entities. */
  h5Entities: '/wechat/CommercialSubject',
  /** POST { Infotoken, BaseID, VersionCode G, CertNo, InquiryMode } → records an entity report request. */
  h5EntityReportRequest: '/user/WeChatPdfGenerator',
  /** Not shown in the spec: chosen. POST { Infotoken, EntityId } → one of the person's own entities: registration and public standing. */
  h5EntityDetail: '/wechat/CommercialSubjectDetail',
  /** POST { email, entID, entName, userID, versionCode G, Infotoken } → e-mails the entity report (successful, msg). */
  h5SendEmail: '/user/MobileSendEmail',
  /** POST H5ReportRequest → Success, Data.Status 10 when a personal report is available (newH5). */
  h5ReportAvailability: '/api/user/getgrxyreportdata',
  /** Not shown in the spec: chosen. POST ?action=GetRSAPublicKey {} → the RSA public key (report service). */
  h5RsaPublicKey: '/grxy/handler',
  /** Not shown in the spec: chosen. POST encrypted identity → Success = a personal report is available. */
  h5PersonInfo: '/grxy/getPersonInfo',
  /** Not shown in the spec: chosen. POST encrypted identity → the first token. */
  h5IndividualToken: '/grxy/getIndividualtoken',
  /** Not shown in the spec: chosen. POST encrypted identity + first token → the final token. */
  h5IndividualInfo: '/grxy/setIndividualInfo',
  /** Not shown in the spec: chosen. GET ?token= (the final token) → the personal report as a PDF (binary). */
  h5ReportFile: '/grxy/report',
  /** POST {report service} { Infotoken, UserName, IdentityCard, VersionCode C, ReportNumber } → Data.Status, Data.Data (tables). */
  h5ReportData: '/user/GetGRXYReportData',
  /** POST {report service} the same plus Email → Data.Status 10 when the PDF was sent. */
  h5ReportPdf: '/user/GetGRXYReportPDF',
  // 信用服务 (spec §2.1 xyfw, §7). Bearer calls say so; multipart calls take the
  // fields of their *FilingFieldsSchema plus the materials in UPLOAD_FILE_FIELD.
  /** GET ?entNameOrPunishDocNo&pageIndex&pageSize → { list: RepairPunishRow[], totalCount }: penalties in publicity. */
  repairPunishSearch: '/api/creditrepair/GetEntPunishInfoList',
  /** GET → RepairPurpose[]. */
  repairPurposes: '/api/creditrepair/GetCreditRepairPurposeList',
  /** POST multipart (RepairFilingFields + files), bearer → Application (已提交). */
  repairUpload: '/api/creditrepair/UploadCreditRepair',
  /** GET ?applyNo=, bearer → Application with its timeline (the owner's only). */
  repairFlow: '/api/creditrepair/GetCreditRepairFlow',
  /** GET ?id= or ?creditCode=, bearer → { isMine, EntityId, EntName, CreditCode }. */
  judgeMyBusiness: '/api/user/JudgeWhetherMyBusiness',
  /** Not shown in the spec: chosen. GET, bearer → MyBusiness[]: the entities linked to the user. */
  myBusinessList: '/api/user/MyBusinessList',
  /** GET ?applyNo=, bearer → Application with its timeline (the owner's only). */
  objectionFlow: '/api/creditobjection/GetCreditObjectFlow',
  /** POST multipart (ObjectionFilingFields + files), bearer → Application (已提交). */
  objectionUpload: '/api/creditobjection/UploadCreditObjection',
  /** Not shown in the spec: chosen. GET ?applyNo=, bearer → Application (its Result once decided). */
  objectionResult: '/api/creditobjection/GetCreditObjectResult',
  /** Not shown in the spec: chosen. GET ?kind&pageIndex&pageSize, bearer → { list: Application[], totalCount }. */
  myApplications: '/api/creditservice/MyApplications',
  /** Not shown in the spec: chosen. POST ReportRequest → the enterprise credit report (application/pdf). */
  enterpriseReport: '/api/creditreport/GenerateEnterpriseReport',
  /** Not shown in the spec: chosen. POST ReportRequest, bearer (the user's own entity) → 专项信用报告 (application/pdf). */
  specialReport: '/api/creditreport/GenerateSpecialReport',
  /** Not shown in the spec: chosen. GET ?reportNo&code → ReportVerification. */
  reportVerify: '/api/creditreport/VerifyReport',
  /** Not shown in the spec: chosen. POST multipart (reportNo, code, the PDF in files) → ReportVerification with FileChecked. */
  reportVerifyFile: '/api/creditreport/VerifyReportFile',
  /** Not shown in the spec: chosen. GET ?creditCode&reportNo&code → ThirdPartyReport (/public/xyhc). */
  thirdPartyCheck: '/api/creditreport/ThirdPartyCheck',
  /**
   * Not shown in the spec: chosen. POST multipart (the PDF alone, in files) →
   * ReportSignatureCheck: the file's embedded SM2 signature against the published keys, and the record.
   */
  reportVerifySignature: '/api/creditreport/VerifyReportSignature',
  /** The report-signing public keys (ReportSigningKeys), at a stable public address. */
  reportSigningKeys: '/.well-known/credit-report-keys.json',
  /** Each public key as a PEM file, /.well-known/credit-report-keys/{keyId}.pem (binary, passed through). */
  reportSigningKeyPemPrefix: '/.well-known/credit-report-keys/',
  // 信用关注 (not in the spec: chosen). Bearer, but for the mailed links' UnfollowByLink and ConfirmDigestEmail.
  followList: '/api/creditfollow/GetFollowList',
  followState: '/api/creditfollow/GetFollowState',
  follow: '/api/creditfollow/Follow',
  unfollow: '/api/creditfollow/Unfollow',
  followNotices: '/api/creditfollow/GetFollowNotices',
  followNoticesRead: '/api/creditfollow/ReadFollowNotices',
  followSettings: '/api/creditfollow/SaveFollowSettings',
  /** The digest mail's signed one-click unfollow: POST { token }, no login. */
  followUnfollowByLink: '/api/creditfollow/UnfollowByLink',
  /** The confirmation of a digest address by the link mailed to it: POST { token }, no login. */
  followConfirmEmail: '/api/creditfollow/ConfirmDigestEmail',
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

/**
 * What a caller needs to know of an endpoint: where it is, its method, the schemas of its query,
 * its JSON body and the `data` of its answer, and whether the SPA sends the stored token. An
 * upstream route (below) is one; so is a gateway endpoint of its own the SPA calls (runtime config).
 */
export interface RouteContract {
  path: string;
  methods: readonly HttpMethod[];
  /** The query string's schema (GET routes). */
  query?: TSchema;
  /** The JSON body's schema (POST routes). */
  body?: TSchema;
  /** The schema of the answer's `data`. */
  data?: TSchema;
  /** The SPA sends the stored JwtToken as a bearer token. */
  auth?: boolean;
}

/**
 * One upstream route and its contract: where it goes, which envelope it speaks, and the schemas
 * of its query, its JSON body and the `data` of its answer. The gateway validates requests with
 * the query and body schemas before any upstream call and serializes answers by the data schema;
 * the credit-service serves the route with the same schemas; the SPA's fetchers take their types
 * from them (ContractQuery, ContractBody, ContractData).
 */
export interface UpstreamRoute extends RouteContract {
  upstream: UpstreamName;
  /** The envelope dialect; 'binary' answers pass through untouched. */
  dialect: Dialect | 'binary';
  /** True when the path is a prefix (e.g. flipbook page images). */
  prefix?: boolean;
  /** The message for a field that is missing or empty, instead of the generic one (spec §8). */
  emptyFieldMessages?: Readonly<Record<string, string>>;
  /**
   * A multipart/form-data route (file uploads): the schema of its text fields. The gateway streams
   * the body through within UPLOAD_MAX_REQUEST_BYTES; the upstream validates fields and files.
   */
  multipartFields?: TSchema;
  /**
   * Success answers are a file (application/pdf), passed through untouched with its
   * content-type and content-disposition; errors come in the route's dialect.
   */
  fileAnswer?: boolean;
  /**
   * A test-mode or demo-only route (the H5 test login, the chat-app stand-in's identity list):
   * left out of the API documentation (/docs) of both services, which shows what a deployment
   * offers, not what a test bench turns on.
   */
  testOnly?: boolean;
  /**
   * Answers carry the upstream's ETag and Last-Modified; the gateway keeps them (in its cache too)
   * and answers a matching If-None-Match / If-Modified-Since with 304 (the open-data API).
   */
  conditional?: boolean;
  /** The /docs tag of the row; default: its upstream's name. */
  tag?: string;
  /**
   * The rate-limit class both services apply per client address (absent: 'default'). 'strict':
   * every call that checks a password, an SMS code or a token, mints a login or a token, sends an
   * SMS or a mail, or renders a report, and the unbounded searches. 'opendata': the open-data API,
   * one quota per client over all of it at the gateway.
   */
  rateLimit?: RateLimitClass;
}

/** The rate-limit class of a contract row (UpstreamRoute.rateLimit). */
export type RateLimitClass = 'default' | 'strict' | 'opendata';

/** A row's rate-limit class, 'default' when it names none. */
export const rateLimitOf = (route: Pick<UpstreamRoute, 'rateLimit'>): RateLimitClass => route.rateLimit ?? 'default';

/** Keeps a row's exact schema types (for the Contract* types below) while checking it is a route. */
export const defineRoute = <const R extends UpstreamRoute>(route: R): R => route;

/** Like defineRoute, for an endpoint of the gateway's own (no upstream, no dialect: it answers the normalized envelope). */
export const defineContract = <const R extends RouteContract>(route: R): R => route;

type SchemaOf<R, K extends 'query' | 'body' | 'data'> = R extends { [P in K]: infer S extends TSchema } ? S : never;

/** The query a route takes (undefined when it takes none). */
export type ContractQuery<R extends RouteContract> = [SchemaOf<R, 'query'>] extends [never]
  ? undefined
  : Static<SchemaOf<R, 'query'>>;
/** The JSON body a route takes (undefined when it takes none). */
export type ContractBody<R extends RouteContract> = [SchemaOf<R, 'body'>] extends [never]
  ? undefined
  : Static<SchemaOf<R, 'body'>>;
/** The `data` of a route's answer. */
export type ContractData<R extends RouteContract> = [SchemaOf<R, 'data'>] extends [never]
  ? unknown
  : Static<SchemaOf<R, 'data'>>;

/**
 * Names of user tokens (headers, query parameters, body fields; compared in lower case). A
 * request carrying one is never cached by the gateway, and logs never show their values.
 */
export const USER_TOKEN_FIELDS: readonly string[] = [
  'authorization',
  'jwttoken',
  'infotoken',
  'certtoken',
  'logintoken',
  'gtxytoken',
  'izgtxytoken',
  // The H5 login's PKCE-like verifier (its code rides only in H5 bodies, which are never cached).
  'verifier',
];
