import {
  API_PATHS,
  OPEN_DATA_PATHS,
  rateLimitOf,
  UPSTREAM_ROUTES,
  type RateLimitClass,
  type UpstreamRoute,
} from '@credit-portal/shared';

/** How long an answer is fresh, how long it may still be served, and what it can be purged by. */
export interface CachePolicy {
  /** Fresh for this long: answered from the cache without asking the upstream. */
  ttlMs: number;
  /** Past freshness, served for this long while one background refresh runs (stale-while-revalidate). */
  staleMs: number;
  /** Past freshness, served for this long when the upstream fails (stale-if-error); at least staleMs. */
  errorStaleMs: number;
  /** Purge handles: POST /admin/cache/purge {tags} drops every entry carrying one of them. */
  tags: readonly string[];
}

/** One row of the gateway's route table: the shared upstream route plus the gateway's policy. */
export interface GatewayRoute extends UpstreamRoute {
  /** null: never cached (answers say x-cache: BYPASS). */
  cache: CachePolicy | null;
  /** Upstream timeout for this route; null uses UPSTREAM_TIMEOUT_MS. */
  timeoutMs: number | null;
  /**
   * The contract row's class: 'strict' routes (search, report, login) get the lower per-IP limit
   * RATE_LIMIT_STRICT_MAX; 'opendata' routes share one quota per client, OPEN_DATA_RATE_LIMIT_MAX
   * (OPEN_DATA_QUOTA_KEY).
   */
  rateLimit: RateLimitClass;
}

/** The gateway's policy for one path; seconds, as the README table shows them. */
export interface RoutePolicy {
  cache?: { tags: readonly string[]; ttlSeconds?: number; staleSeconds?: number; errorStaleSeconds?: number };
  timeoutMs?: number;
}

/** The counter the open-data routes share: one quota per client over the whole API, files included. */
export const OPEN_DATA_QUOTA_KEY = 'quota:opendata';

/** The open-data API's cache: fresh 5 minutes, stale at most 5 more (also when the upstream fails). */
const OPEN_DATA_CACHE = { tags: ['open-data'], ttlSeconds: 300, staleSeconds: 60, errorStaleSeconds: 300 } as const;

/** Upstream deadline of the calls that check or set a password (scrypt is slow on purpose). */
const PASSWORD_TIMEOUT_MS = 20_000;

/**
 * The cache and resilience policy per upstream path. Paths absent here are proxied but never
 * cached; paths absent from UPSTREAM_ROUTES are never proxied at all. The rate-limit class is not
 * here: it is on the contract row, which the credit-service reads too.
 */
export const ROUTE_POLICIES: Readonly<Record<string, RoutePolicy>> = {
  [API_PATHS.siteInfo]: { cache: { tags: ['district', 'siteinfo'], ttlSeconds: 300 } },
  [API_PATHS.districtList]: { cache: { tags: ['district', 'siteinfo'], ttlSeconds: 600 } },
  [API_PATHS.districtContentList]: { cache: { tags: ['district', 'content'] } },
  [API_PATHS.districtLicenceList]: { cache: { tags: ['district', 'licence'], ttlSeconds: 120 } },
  [API_PATHS.districtPenaltyList]: { cache: { tags: ['district', 'penalty'], ttlSeconds: 120 } },
  [API_PATHS.districtLicenceDetail]: { cache: { tags: ['district', 'licence'], ttlSeconds: 600 } },
  [API_PATHS.districtPenaltyDetail]: { cache: { tags: ['district', 'penalty'], ttlSeconds: 600 } },
  [API_PATHS.contentList]: { cache: { tags: ['content'] } },
  [API_PATHS.contentListAll]: { cache: { tags: ['content'] } },
  [API_PATHS.contentDetail]: { cache: { tags: ['content'], ttlSeconds: 300 } },
  [API_PATHS.imageLinkList]: { cache: { tags: ['content', 'images'], ttlSeconds: 300 } },
  [API_PATHS.flipbook]: { cache: { tags: ['flipbook'], ttlSeconds: 600 } },
  // Portal pages: public, unpersonal content.
  [API_PATHS.articleSearch]: { cache: { tags: ['content'] } },
  [API_PATHS.interactionList]: { cache: { tags: ['interaction'], ttlSeconds: 120 } },
  [API_PATHS.interactionSearch]: { cache: { tags: ['interaction'], ttlSeconds: 120 } },
  [API_PATHS.interactionDetail]: { cache: { tags: ['interaction'], ttlSeconds: 300 } },
  [API_PATHS.interactionStatistics]: { cache: { tags: ['interaction'], ttlSeconds: 600 } },
  [API_PATHS.lendingOverview]: { cache: { tags: ['lending'], ttlSeconds: 600 } },
  [API_PATHS.serviceGuides]: { cache: { tags: ['guides'], ttlSeconds: 600 } },
  [API_PATHS.annualReportList]: { cache: { tags: ['annual-reports'], ttlSeconds: 600 } },
  [API_PATHS.annualReportDetail]: { cache: { tags: ['annual-reports'], ttlSeconds: 600 } },
  // Page images stream through untouched; browsers cache them by the upstream's own headers.
  [API_PATHS.flipbookPagePrefix]: { timeoutMs: 15_000 },
  // The entity search is personal in intent and unbounded in variety: not cached (no policy).
  // Login and account paths: never cached (personal, and /user/ paths may not be). A
  // password check costs scrypt at OWASP's figure (N=2^17, ~0.5 s of a core, more on a busy
  // machine, twice on the login that re-hashes an older hash): these get a longer deadline.
  [API_PATHS.register]: { timeoutMs: PASSWORD_TIMEOUT_MS },
  // A forgotten password: a code to the number, then the new password (hashed as a registration's).
  [API_PATHS.passwordReset]: { timeoutMs: PASSWORD_TIMEOUT_MS },
  [API_PATHS.login]: { timeoutMs: PASSWORD_TIMEOUT_MS },
  [API_PATHS.bindMobile]: { timeoutMs: PASSWORD_TIMEOUT_MS },
  [API_PATHS.unbindWechat]: { timeoutMs: PASSWORD_TIMEOUT_MS },
  [API_PATHS.passwordChange]: { timeoutMs: PASSWORD_TIMEOUT_MS },
  [API_PATHS.permitPublicity]: { cache: { tags: ['publicity', 'licence'], ttlSeconds: 120 } },
  [API_PATHS.punishPublicity]: { cache: { tags: ['publicity', 'penalty'], ttlSeconds: 120 } },
  [API_PATHS.permitDetail]: { cache: { tags: ['publicity', 'licence'], ttlSeconds: 600 } },
  [API_PATHS.punishDetail]: { cache: { tags: ['publicity', 'penalty'], ttlSeconds: 600 } },
  // Disclosure lists: public. The non-tax list and detail carry the user's token and
  // have no policy (a request with a token is never cached anyway).
  [API_PATHS.abnormalBusiness]: { cache: { tags: ['disclosure', 'abnormal-business'], ttlSeconds: 120 } },
  [API_PATHS.majorTaxViolation]: { cache: { tags: ['disclosure', 'major-tax-violation'], ttlSeconds: 120 } },
  [API_PATHS.arrearsFunds]: { cache: { tags: ['disclosure', 'wage-arrears'], ttlSeconds: 120 } },
  [API_PATHS.bankruptcyList]: { cache: { tags: ['disclosure', 'bankruptcy'], ttlSeconds: 120 } },
  [API_PATHS.bankruptcyDetail]: { cache: { tags: ['disclosure', 'bankruptcy'], ttlSeconds: 600 } },
  // Information-disclosure lists: public and impersonal.
  [API_PATHS.permitSearch]: { cache: { tags: ['publicity', 'licence'], ttlSeconds: 120 } },
  [API_PATHS.punishSearch]: { cache: { tags: ['publicity', 'penalty'], ttlSeconds: 120 } },
  // Published credit promises and the kept ones; the red/black list rows are bearer calls and never cached.
  [API_PATHS.promiseList]: { cache: { tags: ['publicity', 'promise'], ttlSeconds: 120 } },
  [API_PATHS.promiseDetail]: { cache: { tags: ['publicity', 'promise'], ttlSeconds: 600 } },
  [API_PATHS.promiseFulfilmentList]: { cache: { tags: ['publicity', 'promise'], ttlSeconds: 120 } },
  [API_PATHS.promiseFulfilmentDetail]: { cache: { tags: ['publicity', 'promise'], ttlSeconds: 600 } },
  // 信用河套: public and impersonal.
  [API_PATHS.hetaoList]: { cache: { tags: ['hetao'], ttlSeconds: 120 } },
  [API_PATHS.hetaoCheck]: { cache: { tags: ['hetao'], ttlSeconds: 600 } },
  [API_PATHS.hetaoLabels]: { cache: { tags: ['hetao'], ttlSeconds: 600 } },
  // The H5 app: personal, never cached. The calls that render a PDF (and mail it) get
  // a longer deadline.
  [API_PATHS.h5SendEmail]: { timeoutMs: 30_000 },
  [API_PATHS.h5ReportPdf]: { timeoutMs: 30_000 },
  [API_PATHS.h5ReportFile]: { timeoutMs: 30_000 },
  // 信用服务: never cached (personal, uploads, generated files, one-off checks).
  // Generating a PDF and receiving up to UPLOAD_MAX_REQUEST_BYTES of materials get a longer deadline.
  [API_PATHS.repairUpload]: { timeoutMs: 60_000 },
  [API_PATHS.objectionUpload]: { timeoutMs: 60_000 },
  [API_PATHS.enterpriseReport]: { timeoutMs: 30_000 },
  [API_PATHS.specialReport]: { timeoutMs: 30_000 },
  [API_PATHS.reportVerifyFile]: { timeoutMs: 30_000 },
  // A PDF alone checked by its SM2 signature (an upload); the public keys, public and
  // impersonal, cached (a rotation shows within ttl; purge tag report-keys).
  [API_PATHS.reportVerifySignature]: { timeoutMs: 30_000 },
  [API_PATHS.reportSigningKeys]: { cache: { tags: ['report-keys'], ttlSeconds: 300 } },
  // Open data: public, impersonal and the same for everyone all day, so cached like the
  // lists (a new day shows within ttl; purge tag open-data). Stale answers for minutes, not the
  // default 24 h: a record that left publicity must leave the API. The files stream through
  // (binary) with the upstream's own ETag.
  [OPEN_DATA_PATHS.datasets]: { cache: OPEN_DATA_CACHE },
  [OPEN_DATA_PATHS.records]: { cache: OPEN_DATA_CACHE },
  [OPEN_DATA_PATHS.filesPrefix]: { timeoutMs: 30_000 },
};

/** Paths of the H5 app and the personal report: personal data, never cached whatever the table says. */
const PERSONAL_PATH = /\/(?:user|wechat)\//i;

/** Whether a row's answers are a person's (the H5 and account calls, the report upstream's files): never kept by a cache. */
export const isPersonalRoute = (route: Pick<UpstreamRoute, 'path' | 'upstream'>): boolean =>
  route.upstream === 'report' || PERSONAL_PATH.test(route.path);

export interface CacheDefaults {
  ttlMs: number;
  staleMs: number;
  errorStaleMs: number;
}

/**
 * Joins the shared upstream routes with their policies into the route table, checking that no
 * policy names an unknown path and that nothing personal, binary or write-like is cacheable.
 */
export function buildRouteTable(
  defaults: CacheDefaults,
  routes: readonly UpstreamRoute[] = UPSTREAM_ROUTES,
  policies: Readonly<Record<string, RoutePolicy>> = ROUTE_POLICIES,
): GatewayRoute[] {
  const known = new Set(routes.map((route) => route.path));
  for (const path of Object.keys(policies)) {
    if (!known.has(path)) throw new Error(`Route policy for ${path}: no such upstream route`);
  }
  return routes.map((route) => {
    const policy = policies[route.path] ?? {};
    if (policy.cache) {
      if (route.dialect === 'binary' || route.fileAnswer)
        throw new Error(`Route policy for ${route.path}: binary answers are never cached`);
      if (route.multipartFields) throw new Error(`Route policy for ${route.path}: uploads are never cached`);
      if (isPersonalRoute(route)) {
        throw new Error(`Route policy for ${route.path}: H5 and report calls are never cached`);
      }
      if (route.methods.some((method) => method === 'PUT' || method === 'DELETE')) {
        throw new Error(`Route policy for ${route.path}: writes are never cached`);
      }
    }
    const cache = policy.cache ? toCachePolicy(policy.cache, defaults) : null;
    return { ...route, cache, timeoutMs: policy.timeoutMs ?? null, rateLimit: rateLimitOf(route) };
  });
}

function toCachePolicy(cache: NonNullable<RoutePolicy['cache']>, defaults: CacheDefaults): CachePolicy {
  const ttlMs = cache.ttlSeconds === undefined ? defaults.ttlMs : cache.ttlSeconds * 1000;
  const staleMs = cache.staleSeconds === undefined ? defaults.staleMs : cache.staleSeconds * 1000;
  const errorStaleMs = cache.errorStaleSeconds === undefined ? defaults.errorStaleMs : cache.errorStaleSeconds * 1000;
  return { ttlMs, staleMs, errorStaleMs: Math.max(staleMs, errorStaleMs), tags: [...cache.tags] };
}

/** The same table with every cache policy's timings replaced (tests use short ones). */
export function withCacheTimings(routes: readonly GatewayRoute[], timings: Partial<CacheDefaults>): GatewayRoute[] {
  return routes.map((route) =>
    route.cache
      ? {
          ...route,
          cache: {
            ...route.cache,
            ...timings,
            errorStaleMs: Math.max(
              timings.staleMs ?? route.cache.staleMs,
              timings.errorStaleMs ?? route.cache.errorStaleMs,
            ),
          },
        }
      : route,
  );
}
