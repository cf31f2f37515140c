import {
  rateLimitOf,
  UPSTREAM_ROUTES,
  type CacheRule,
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
  /** A tag per request from a query parameter (prefix + value), e.g. penalty:123 on one penalty's details. */
  keyTag: { param: string; prefix: string } | null;
}

/** One row of the gateway's route table: the shared upstream route, its cache policy in milliseconds. */
export interface GatewayRoute extends Omit<UpstreamRoute, 'cache' | 'timeoutMs' | 'rateLimit'> {
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

/** The counter the open-data routes share: one quota per client over the whole API, files included. */
export const OPEN_DATA_QUOTA_KEY = 'quota:opendata';

/** Paths of the H5 app and the accounts: a person's answers, which their rows must say (`personal`). */
const PERSONAL_PATH = /\/(?:user|wechat)\//i;

/** Whether a row's answers are a person's (its head's `personal`): never kept by a cache. */
export const isPersonalRoute = (route: Pick<UpstreamRoute, 'personal'>): boolean => route.personal === true;

export interface CacheDefaults {
  ttlMs: number;
  staleMs: number;
  errorStaleMs: number;
}

/**
 * The route table: the shared upstream routes with their cache policy in milliseconds, checking
 * that nothing personal, binary or write-like is cacheable and that every H5, account and report
 * row says it is personal.
 */
export function buildRouteTable(
  defaults: CacheDefaults,
  routes: readonly UpstreamRoute[] = UPSTREAM_ROUTES,
): GatewayRoute[] {
  return routes.map((route) => {
    if ((route.upstream === 'report' || PERSONAL_PATH.test(route.path)) && !isPersonalRoute(route)) {
      throw new Error(`Route ${route.path}: H5, account and report answers are personal (personal: true)`);
    }
    const policy = route.cache;
    if (policy) {
      if (route.dialect === 'binary' || route.fileAnswer)
        throw new Error(`Route policy for ${route.path}: binary answers are never cached`);
      if (route.multipartFields) throw new Error(`Route policy for ${route.path}: uploads are never cached`);
      if (isPersonalRoute(route)) {
        throw new Error(`Route policy for ${route.path}: H5, account and report calls are never cached`);
      }
      if (route.methods.some((method) => method === 'PUT' || method === 'DELETE')) {
        throw new Error(`Route policy for ${route.path}: writes are never cached`);
      }
    }
    const cache = policy ? toCachePolicy(policy, defaults) : null;
    return { ...route, cache, timeoutMs: route.timeoutMs ?? null, rateLimit: rateLimitOf(route) };
  });
}

function toCachePolicy(cache: CacheRule, defaults: CacheDefaults): CachePolicy {
  const ttlMs = cache.ttlSeconds === undefined ? defaults.ttlMs : cache.ttlSeconds * 1000;
  const staleMs = cache.staleSeconds === undefined ? defaults.staleMs : cache.staleSeconds * 1000;
  const errorStaleMs = cache.errorStaleSeconds === undefined ? defaults.errorStaleMs : cache.errorStaleSeconds * 1000;
  return {
    ttlMs,
    staleMs,
    errorStaleMs: Math.max(staleMs, errorStaleMs),
    tags: [...cache.tags],
    keyTag: cache.keyTag ?? null,
  };
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
