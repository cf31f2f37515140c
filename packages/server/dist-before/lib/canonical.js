/**
 * Canonical forms for cache keys: the same request written differently (query parameters or
 * JSON keys in another order) must land on the same key.
 */
/**
 * Deepest value canonicalJson walks. Bodies are refused beyond JSON_MAX_DEPTH (≤ 256) while they
 * are parsed; this bound keeps the recursion safe whatever reaches it.
 */
export const CANONICAL_MAX_DEPTH = 256;
/** A value too deeply nested for a cache key (never reached by a body that passed the parser's limits). */
export class TooDeepError extends RangeError {
    constructor() {
        super(`value nested deeper than ${CANONICAL_MAX_DEPTH}`);
        this.name = 'TooDeepError';
    }
}
/** JSON with object keys sorted at every depth; arrays keep their order. Throws TooDeepError past CANONICAL_MAX_DEPTH. */
export function canonicalJson(value, depth = 0) {
    if (value === null || typeof value !== 'object') {
        // undefined, functions and symbols have no JSON form; the key treats them as null.
        return JSON.stringify(value) ?? 'null';
    }
    if (depth >= CANONICAL_MAX_DEPTH)
        throw new TooDeepError();
    if (Array.isArray(value))
        return `[${value.map((item) => canonicalJson(item, depth + 1)).join(',')}]`;
    const record = value;
    const parts = [];
    for (const key of Object.keys(record).sort()) {
        const item = record[key];
        if (item === undefined)
            continue;
        parts.push(`${JSON.stringify(key)}:${canonicalJson(item, depth + 1)}`);
    }
    return `{${parts.join(',')}}`;
}
/** A query string with its parameters sorted by name, then value; decoded and re-encoded uniformly. */
export function canonicalQuery(search) {
    if (search === '')
        return '';
    const pairs = [...(typeof search === 'string' ? new URLSearchParams(search) : search)];
    if (pairs.length === 0)
        return '';
    pairs.sort(([ak, av], [bk, bv]) => (ak === bk ? compare(av, bv) : compare(ak, bk)));
    return new URLSearchParams(pairs).toString();
}
const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
/** Splits a request URL into its path and the query string after '?' (empty when none). */
export function splitUrl(url) {
    const at = url.indexOf('?');
    return at < 0 ? { path: url, search: '' } : { path: url.slice(0, at), search: url.slice(at + 1) };
}
/** The cache key of a request: method, path, canonical query and, when there is one, canonical JSON body. */
export function cacheKey(method, path, search, body) {
    const query = canonicalQuery(search);
    const base = query ? `${method} ${path}?${query}` : `${method} ${path}`;
    return body === undefined ? base : `${base}\n${canonicalJson(body)}`;
}
//# sourceMappingURL=canonical.js.map