/** Request headers a JSON route passes to its upstream; everything else (cookies, hop-by-hop) stays here. */
export declare const JSON_FORWARDED_HEADERS: string[];
/** Request headers a binary download needs upstream; cookies and credentials stay here. */
export declare const BINARY_FORWARDED_HEADERS: string[];
/** Copies the named request headers the client sent (single values only) onto an upstream call's headers. */
export declare function forwardHeaders(request: {
    readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}, names: readonly string[], headers: Record<string, string>): Record<string, string>;
