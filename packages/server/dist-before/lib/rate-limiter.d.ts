/**
 * Per-client fixed-window request counters, synchronous: one Map lookup and one Date.now() per
 * request, no promise. The same semantics as @fastify/rate-limit's in-memory store, which it
 * replaces on the hot path (the profile figures are in the package README): a client's window
 * starts with its first request and lasts `windowMs`; past `max` requests in it, every request is
 * refused until it ends. Counts are per process (with N processes a client gets up to N × max).
 */
/** What a route asks for: its own limit, or none (probes). Undefined: the global limit. */
export type RouteRateLimit = {
    max: number;
    timeWindow: number;
} | false | undefined;
/** A refusal: the headers @fastify/rate-limit sent with its 429, and how long to wait. */
export interface Refusal {
    retryAfterMs: number;
    headers: Readonly<Record<string, string>>;
}
export declare class WindowCounter {
    #private;
    readonly max: number;
    readonly windowMs: number;
    /** Clients remembered at once; past it the expired ones go, then the oldest. */
    readonly capacity: number;
    constructor(max: number, windowMs: number, 
    /** Clients remembered at once; past it the expired ones go, then the oldest. */
    capacity?: number);
    /** Clients with a window open. */
    get size(): number;
    /** Counts one request of `client`: null when it is allowed, else the refusal. */
    take(client: string, now?: number): Refusal | null;
}
/**
 * The gateway's counters: one global window shared by every route without a limit of its own
 * (unknown paths included), and one per route path that has its own (strict routes, the visit-log
 * intake, the purge endpoint). The Fastify hook and the cache-hit fast path ask here for the same
 * counter of a path, so a hit answered either way counts once against the same limit.
 */
export declare class RateLimits {
    #private;
    readonly global: WindowCounter;
    constructor(options: {
        max: number;
        windowMs: number;
    });
    /** The counter of a route (by its path), or null when the route is exempt. */
    forRoute(path: string, limit: RouteRateLimit): WindowCounter | null;
}
