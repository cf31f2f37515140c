/**
 * The bytes of a JSON request body, kept on the Node request: set by the cache-hit fast path
 * when it read a body it could not answer from (the JSON parser then parses these instead of the
 * spent stream), and by the JSON parser for every body it read (the proxy aliases a cacheable
 * request's exact bytes to its canonical cache key).
 */
export const RAW_BODY = Symbol('credit-portal.rawBody');
/** The raw JSON body of a request, when one was read. */
export function rawBodyOf(raw) {
    return raw[RAW_BODY];
}
/** Keeps the raw JSON body on the request. */
export function keepRawBody(raw, body) {
    raw[RAW_BODY] = body;
}
const UTF8 = new TextDecoder('utf-8', { fatal: true });
/** The body as text; null when it is not well-formed UTF-8 (never replaced by U+FFFD and passed on). */
export function decodeUtf8(body) {
    try {
        return UTF8.decode(body);
    }
    catch {
        return null;
    }
}
//# sourceMappingURL=raw-body.js.map