/**
 * Canonical forms for cache keys: the same request written differently (query parameters or
 * JSON keys in another order) must land on the same key.
 */
/**
 * Deepest value canonicalJson walks. Bodies are refused beyond JSON_MAX_DEPTH (≤ 256) while they
 * are parsed; this bound keeps the recursion safe whatever reaches it.
 */
export declare const CANONICAL_MAX_DEPTH = 256;
/** A value too deeply nested for a cache key (never reached by a body that passed the parser's limits). */
export declare class TooDeepError extends RangeError {
    constructor();
}
/** JSON with object keys sorted at every depth; arrays keep their order. Throws TooDeepError past CANONICAL_MAX_DEPTH. */
export declare function canonicalJson(value: unknown, depth?: number): string;
/** A query string with its parameters sorted by name, then value; decoded and re-encoded uniformly. */
export declare function canonicalQuery(search: string | URLSearchParams): string;
/** Splits a request URL into its path and the query string after '?' (empty when none). */
export declare function splitUrl(url: string): {
    path: string;
    search: string;
};
/** The cache key of a request: method, path, canonical query and, when there is one, canonical JSON body. */
export declare function cacheKey(method: string, path: string, search: string | URLSearchParams, body?: unknown): string;
