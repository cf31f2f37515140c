import { type UpstreamRoute } from '@credit-portal/shared';
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
    /** 'strict' routes (search, report, login) get the lower per-IP limit RATE_LIMIT_STRICT_MAX. */
    rateLimit: 'default' | 'strict';
}
/** The gateway's policy for one path; seconds, as the README table shows them. */
export interface RoutePolicy {
    cache?: {
        tags: readonly string[];
        ttlSeconds?: number;
        staleSeconds?: number;
        errorStaleSeconds?: number;
    };
    timeoutMs?: number;
    rateLimit?: 'strict';
}
/**
 * The cache and resilience policy per upstream path. Paths absent here are proxied but never
 * cached; paths absent from UPSTREAM_ROUTES are never proxied at all.
 */
export declare const ROUTE_POLICIES: Readonly<Record<string, RoutePolicy>>;
export interface CacheDefaults {
    ttlMs: number;
    staleMs: number;
    errorStaleMs: number;
}
/**
 * Joins the shared upstream routes with their policies into the route table, checking that no
 * policy names an unknown path and that nothing personal, binary or write-like is cacheable.
 */
export declare function buildRouteTable(defaults: CacheDefaults, routes?: readonly UpstreamRoute[], policies?: Readonly<Record<string, RoutePolicy>>): GatewayRoute[];
/** The same table with every cache policy's timings replaced (tests use short ones). */
export declare function withCacheTimings(routes: readonly GatewayRoute[], timings: Partial<CacheDefaults>): GatewayRoute[];
