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
  visitLog: '/visitstatics/EncodeMsgs',
  // Credit data API (spec §7).
  /** Not shown in the spec: chosen. Body { EntNameOrCreditCode }. */
  entitySearch: '/api/dmenterprise/entsearch',
  permitPublicity: '/api/dmenterprise/permtipublicity',
  punishPublicity: '/api/dmenterprise/punishpublicity',
  permitDetail: '/api/dmenterprise/permitpublicitydetailinfo',
  punishDetail: '/api/dmenterprise/punishpublicitydetailinfo',
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
  { path: API_PATHS.entitySearch, methods: ['POST'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.permitPublicity, methods: ['GET'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.punishPublicity, methods: ['GET'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.permitDetail, methods: ['GET'], upstream: 'credit', dialect: 'errorCode' },
  { path: API_PATHS.punishDetail, methods: ['GET'], upstream: 'credit', dialect: 'errorCode' },
];
