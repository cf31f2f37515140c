import type { IncomingMessage, RequestListener } from 'node:http';
import type { GatewayMetrics } from '../lib/metrics.js';
import type { WindowCounter } from '../lib/rate-limiter.js';
import type { ResponseCache } from './response-cache.js';
/** A cacheable JSON route the fast path may answer: exact method and path, and its rate-limit counter. */
export interface HitRoute {
    method: 'GET' | 'POST';
    path: string;
    /** The route's counter (the same one its Fastify hook counts with); null: not limited. */
    counter: WindowCounter | null;
}
/** What the fast path needs from the built app (attached once the cache and metrics exist). */
export interface HitPathDeps {
    cache: ResponseCache;
    metrics: GatewayMetrics;
    /** The client address as Fastify's request.ip resolves it (TRUSTED_PROXIES). */
    clientIp: (request: IncomingMessage) => string | undefined;
    /** True once the app is closing: every request then goes to Fastify (503 in the envelope). */
    closing: () => boolean;
}
export interface HitPathOptions {
    /** Off: every request goes through Fastify (CACHE_FAST_PATH=false, or LOG_LEVEL debug/trace: hits are logged there). */
    enabled: boolean;
    /** Largest JSON body the fast path reads itself; larger ones stream into Fastify untouched. */
    maxBodyBytes: number;
    /** Budget of the raw-request → cache-key aliases (bytes of keys). */
    aliasBytes: number;
}
/**
 * The cache-hit fast path: the public server's request listener, in front of Fastify's. A request
 * for a cacheable JSON route whose exact bytes (method, URL, JSON body) were seen before by the
 * proxy, whose canonical entry is fresh in the in-process tier, is answered here: one Map lookup
 * for the route, one for the alias, one for the entry, the per-client counter, and the entry's
 * header block (security headers, the entry's own headers, x-cache: HIT, content-length — built
 * once per stored answer and coding) written with the body in one writeHead + end. Everything
 * else — a miss, a stale entry, a request never seen, a refusal, a token, HEAD, another content
 * type, a body over maxBodyBytes — goes to Fastify unchanged; a JSON body the fast path already
 * read is handed over on the request (lib/raw-body.ts) and parsed from there.
 *
 * The aliases are made only by the proxy's full path (routes/proxy), after the body was decoded
 * strictly, parsed, validated against the contract and keyed: bytes Fastify refuses (malformed
 * UTF-8, a bad schema, a user token) never get one, and a URL whose path is not exactly a route's
 * (invalid percent-encoding included) never matches here, so neither refusal can be bypassed.
 */
export declare class HitPath {
    #private;
    constructor(options: HitPathOptions);
    get enabled(): boolean;
    /** Connects the app's cache, metrics and address resolution; until then every request goes to Fastify. */
    attach(deps: HitPathDeps): void;
    /** Makes a route answerable here (the proxy registers each cacheable JSON route). */
    addRoute(route: HitRoute): void;
    /**
     * Remembers that these exact request bytes mean this canonical cache key (called by the proxy
     * for a cacheable GET or POST it keyed): the next identical request needs no parse.
     */
    alias(method: string, url: string, body: Buffer | undefined, key: string): void;
    /** Aliases held (tests, metrics). */
    get aliases(): number;
    /** The listener for http.createServer: this fast path, else Fastify's `handler`. */
    listener(handler: RequestListener): RequestListener;
}
