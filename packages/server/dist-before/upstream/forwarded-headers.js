/** Request headers a JSON route passes to its upstream; everything else (cookies, hop-by-hop) stays here. */
export const JSON_FORWARDED_HEADERS = [
    'accept-language',
    'authorization',
    'jwttoken',
    'infotoken',
    'certtoken',
    'user-agent',
];
/** Request headers a binary download needs upstream; cookies and credentials stay here. */
export const BINARY_FORWARDED_HEADERS = [
    'accept',
    'accept-encoding',
    'accept-language',
    'if-none-match',
    'if-modified-since',
    'range',
    'user-agent',
];
/** Copies the named request headers the client sent (single values only) onto an upstream call's headers. */
export function forwardHeaders(request, names, headers) {
    for (const name of names) {
        const value = request.headers[name];
        if (typeof value === 'string')
            headers[name] = value;
    }
    return headers;
}
//# sourceMappingURL=forwarded-headers.js.map