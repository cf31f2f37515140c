import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Counter, Histogram } from 'prom-client';
import { USER_TOKEN_FIELDS } from '@credit-portal/shared';
import { ByteLru } from '../lib/byte-lru.js';
import type { GatewayMetrics } from '../lib/metrics.js';
import type { WindowCounter } from '../lib/rate-limiter.js';
import { keepRawBody } from '../lib/raw-body.js';
import { requestIdOf } from '../lib/request-id.js';
import { SECURITY_HEADERS } from '../lib/security-headers.js';
import { hitAnswer } from './cache-entry.js';
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

interface Alias {
  key: string;
  size: number;
}

interface RouteState extends HitRoute {
  /** Label children per status: count and duration, resolved once. */
  children: Map<number, { count: Counter.Internal; duration: Histogram.Internal<'route' | 'method'> }>;
}

/** The flat [name, value, …] header block of one stored answer, the request id's slot last. */
type HeaderBlock = string[];

const TOKEN_FIELDS: readonly string[] = [...USER_TOKEN_FIELDS];

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
  readonly #options: HitPathOptions;
  readonly #routes = new Map<string, RouteState>();
  readonly #aliases: ByteLru<Alias>;
  readonly #blocks = new WeakMap<object, HeaderBlock>();
  #deps: HitPathDeps | null = null;

  constructor(options: HitPathOptions) {
    this.#options = options;
    this.#aliases = new ByteLru(options.aliasBytes);
  }

  get enabled(): boolean {
    return this.#options.enabled;
  }

  /** Connects the app's cache, metrics and address resolution; until then every request goes to Fastify. */
  attach(deps: HitPathDeps): void {
    this.#deps = deps;
  }

  /** Makes a route answerable here (the proxy registers each cacheable JSON route). */
  addRoute(route: HitRoute): void {
    this.#routes.set(`${route.method} ${route.path}`, { ...route, children: new Map() });
  }

  /**
   * Remembers that these exact request bytes mean this canonical cache key (called by the proxy
   * for a cacheable GET or POST it keyed): the next identical request needs no parse.
   */
  alias(method: string, url: string, body: Buffer | undefined, key: string): void {
    if (!this.#options.enabled || (method !== 'GET' && method !== 'POST')) return;
    if (body !== undefined && body.length > this.#options.maxBodyBytes) return;
    const raw = rawKey(method, url, body);
    const known = this.#aliases.get(raw);
    if (known?.key === key) return;
    this.#aliases.set(raw, { key, size: raw.length + key.length });
  }

  /** Aliases held (tests, metrics). */
  get aliases(): number {
    return this.#aliases.count;
  }

  /** The listener for http.createServer: this fast path, else Fastify's `handler`. */
  listener(handler: RequestListener): RequestListener {
    if (!this.#options.enabled) return handler;
    return (req, res) => {
      const deps = this.#deps;
      const method = req.method;
      if (deps === null || (method !== 'POST' && method !== 'GET')) return handler(req, res);
      const url = req.url ?? '';
      const query = url.indexOf('?');
      const route = this.#routes.get(`${method} ${query === -1 ? url : url.slice(0, query)}`);
      if (route === undefined || deps.closing()) return handler(req, res);
      const headers = req.headers;
      for (const field of TOKEN_FIELDS) if (headers[field] !== undefined) return handler(req, res);
      // A conditional request may be answered 304 (routes/proxy/conditional.ts): Fastify decides.
      if (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined)
        return handler(req, res);
      const started = performance.now();
      if (method === 'GET') {
        if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) {
          return handler(req, res);
        }
        if (!this.#answer(deps, route, req, res, rawKey('GET', url, undefined), started)) handler(req, res);
        return;
      }
      const length = Number(headers['content-length']);
      if (
        !(length > 0 && length <= this.#options.maxBodyBytes) ||
        headers['transfer-encoding'] !== undefined ||
        !isJson(headers['content-type'])
      ) {
        return handler(req, res);
      }
      this.#readBody(req, length, (body) => {
        if (body === null) return; // aborted: Node closes the socket
        if (!this.#answer(deps, route, req, res, rawKey('POST', url, body), started)) {
          // Not answered here: Fastify gets the request with its body already read.
          keepRawBody(req, body);
          handler(req, res);
        }
      });
    };
  }

  /** Answers a fresh hit for these raw bytes; false when there is none (or the client is over its limit). */
  #answer(
    deps: HitPathDeps,
    route: RouteState,
    req: IncomingMessage,
    res: ServerResponse,
    raw: string,
    started: number,
  ): boolean {
    const alias = this.#aliases.get(raw);
    if (alias === undefined) return false;
    const entry = deps.cache.hit(alias.key);
    if (entry === undefined) return false;
    // Over the limit: Fastify counts it again and refuses it in the envelope.
    if (route.counter !== null && route.counter.take(deps.clientIp(req) ?? '') !== null) return false;
    const { headers: hitHeaders, body } = hitAnswer(entry, req.headers['accept-encoding']);
    let block = this.#blocks.get(hitHeaders);
    if (block === undefined) {
      block = headerBlock(hitHeaders, body.length);
      this.#blocks.set(hitHeaders, block);
    }
    // writeHead copies the block into the response's header string before it returns, so the
    // request id's slot is written in place: no copy of the block per hit.
    block[block.length - 1] = requestIdOf();
    res.writeHead(entry.statusCode, block);
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
  #readBody(req: IncomingMessage, length: number, then: (body: Buffer | null) => void): void {
    let first: Buffer | null = null;
    let chunks: Buffer[] | null = null;
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (first === null) first = chunk;
      else (chunks ??= [first]).push(chunk);
    };
    const finish = (ok: boolean) => {
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onError);
      if (!ok || received !== length) then(null);
      else then(chunks === null ? (first ?? Buffer.alloc(0)) : Buffer.concat(chunks, received));
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  }
}

/** The alias key of a request's exact bytes: method, URL as sent, and the body byte for byte. */
function rawKey(method: string, url: string, body: Buffer | undefined): string {
  return body === undefined ? `${method} ${url}` : `${method} ${url}\n${body.toString('latin1')}`;
}

/** application/json, with or without parameters, as Fastify's JSON parser takes it. */
function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  return (
    contentType === 'application/json' ||
    (contentType.startsWith('application/json') &&
      (contentType.charCodeAt(16) === 59 /* ; */ || contentType.charCodeAt(16) === 32)) /* space */
  );
}

/** The header block of a hit: security headers, the stored answer's hit headers, length, request id last. */
function headerBlock(hitHeaders: Readonly<Record<string, string>>, length: number): HeaderBlock {
  const merged: Record<string, string> = { ...SECURITY_HEADERS, ...hitHeaders, 'content-length': String(length) };
  const block: string[] = [];
  for (const [name, value] of Object.entries(merged)) block.push(name, value);
  block.push('x-request-id', '');
  return block;
}
