import { USER_TOKEN_FIELDS } from '@credit-portal/shared';
import { ByteLru } from '../lib/byte-lru.js';
import { negotiate } from '../lib/compression.js';
import { keepRawBody } from '../lib/raw-body.js';
import { requestIdOf } from '../lib/request-id.js';
import { SECURITY_HEADERS } from '../lib/security-headers.js';
const TOKEN_FIELDS = [...USER_TOKEN_FIELDS];
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
export class HitPath {
    #options;
    #routes = new Map();
    #aliases;
    #blocks = new WeakMap();
    #deps = null;
    constructor(options) {
        this.#options = options;
        this.#aliases = new ByteLru(options.aliasBytes);
    }
    get enabled() {
        return this.#options.enabled;
    }
    /** Connects the app's cache, metrics and address resolution; until then every request goes to Fastify. */
    attach(deps) {
        this.#deps = deps;
    }
    /** Makes a route answerable here (the proxy registers each cacheable JSON route). */
    addRoute(route) {
        this.#routes.set(`${route.method} ${route.path}`, { ...route, children: new Map() });
    }
    /**
     * Remembers that these exact request bytes mean this canonical cache key (called by the proxy
     * for a cacheable GET or POST it keyed): the next identical request needs no parse.
     */
    alias(method, url, body, key) {
        if (!this.#options.enabled || (method !== 'GET' && method !== 'POST'))
            return;
        if (body !== undefined && body.length > this.#options.maxBodyBytes)
            return;
        const raw = rawKey(method, url, body);
        const known = this.#aliases.get(raw);
        if (known?.key === key)
            return;
        this.#aliases.set(raw, { key, size: raw.length + key.length });
    }
    /** Aliases held (tests, metrics). */
    get aliases() {
        return this.#aliases.count;
    }
    /** The listener for http.createServer: this fast path, else Fastify's `handler`. */
    listener(handler) {
        if (!this.#options.enabled)
            return handler;
        return (req, res) => {
            const deps = this.#deps;
            const method = req.method;
            if (deps === null || (method !== 'POST' && method !== 'GET'))
                return handler(req, res);
            const url = req.url ?? '';
            const query = url.indexOf('?');
            const route = this.#routes.get(`${method} ${query === -1 ? url : url.slice(0, query)}`);
            if (route === undefined || deps.closing())
                return handler(req, res);
            const headers = req.headers;
            for (const field of TOKEN_FIELDS)
                if (headers[field] !== undefined)
                    return handler(req, res);
            const started = performance.now();
            if (method === 'GET') {
                if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) {
                    return handler(req, res);
                }
                if (!this.#answer(deps, route, req, res, rawKey('GET', url, undefined), started))
                    handler(req, res);
                return;
            }
            const length = Number(headers['content-length']);
            if (!(length > 0 && length <= this.#options.maxBodyBytes) ||
                headers['transfer-encoding'] !== undefined ||
                !isJson(headers['content-type'])) {
                return handler(req, res);
            }
            this.#readBody(req, length, (body) => {
                if (body === null)
                    return; // aborted: Node closes the socket
                if (!this.#answer(deps, route, req, res, rawKey('POST', url, body), started)) {
                    // Not answered here: Fastify gets the request with its body already read.
                    keepRawBody(req, body);
                    handler(req, res);
                }
            });
        };
    }
    /** Answers a fresh hit for these raw bytes; false when there is none (or the client is over its limit). */
    #answer(deps, route, req, res, raw, started) {
        const alias = this.#aliases.get(raw);
        if (alias === undefined)
            return false;
        const entry = deps.cache.hit(alias.key);
        if (entry === undefined)
            return false;
        // Over the limit: Fastify counts it again and refuses it in the envelope.
        if (route.counter !== null && route.counter.take(deps.clientIp(req) ?? '') !== null)
            return false;
        const coding = entry.vary ? negotiate(req.headers['accept-encoding']) : null;
        const coded = coding === null ? undefined : entry.encoded[coding];
        const hitHeaders = coded === undefined ? entry.hitHeaders : coded.hitHeaders;
        const body = coded === undefined ? entry.body : coded.body;
        let block = this.#blocks.get(hitHeaders);
        if (block === undefined) {
            block = headerBlock(hitHeaders, body.length);
            this.#blocks.set(hitHeaders, block);
        }
        const head = block.slice();
        head[head.length - 1] = requestIdOf(req);
        res.writeHead(entry.statusCode, head);
        res.end(body);
        deps.metrics.cacheResult.HIT.inc();
        deps.metrics.cacheFastHits.inc();
        let child = route.children.get(entry.statusCode);
        if (child === undefined) {
            child = {
                count: deps.metrics.httpRequests.labels(route.path, route.method, String(entry.statusCode)),
                duration: deps.metrics.httpDuration.labels(route.path, route.method),
            };
            route.children.set(entry.statusCode, child);
        }
        child.count.inc();
        child.duration.observe((performance.now() - started) / 1000);
        return true;
    }
    /** Reads a body of the declared length; null when the request ended early or failed. */
    #readBody(req, length, then) {
        let first = null;
        let chunks = null;
        let received = 0;
        const onData = (chunk) => {
            received += chunk.length;
            if (first === null)
                first = chunk;
            else
                (chunks ??= [first]).push(chunk);
        };
        const finish = (ok) => {
            req.removeListener('data', onData);
            req.removeListener('end', onEnd);
            req.removeListener('error', onError);
            if (!ok || received !== length)
                then(null);
            else
                then(chunks === null ? (first ?? Buffer.alloc(0)) : Buffer.concat(chunks, received));
        };
        const onEnd = () => finish(true);
        const onError = () => finish(false);
        req.on('data', onData);
        req.on('end', onEnd);
        req.on('error', onError);
    }
}
/** The alias key of a request's exact bytes: method, URL as sent, and the body byte for byte. */
function rawKey(method, url, body) {
    return body === undefined ? `${method} ${url}` : `${method} ${url}\n${body.toString('latin1')}`;
}
/** application/json, with or without parameters, as Fastify's JSON parser takes it. */
function isJson(contentType) {
    if (contentType === undefined)
        return false;
    return (contentType === 'application/json' ||
        (contentType.startsWith('application/json') &&
            (contentType.charCodeAt(16) === 59 /* ; */ || contentType.charCodeAt(16) === 32)) /* space */);
}
/** The header block of a hit: security headers, the stored answer's hit headers, length, request id last. */
function headerBlock(hitHeaders, length) {
    const merged = { ...SECURITY_HEADERS, ...hitHeaders, 'content-length': String(length) };
    const block = [];
    for (const [name, value] of Object.entries(merged))
        block.push(name, value);
    block.push('x-request-id', '');
    return block;
}
//# sourceMappingURL=hit-path.js.map