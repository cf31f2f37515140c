import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastJson from 'fast-json-stringify';
import type { TSchema } from 'typebox';
import { ERROR_CODES, UPLOAD_MAX_REQUEST_BYTES, USER_TOKEN_FIELDS } from '@credit-portal/shared';
import { hitAnswer, type Answer, type CacheEntry, type ProducedAnswer } from '../../cache/cache-entry.js';
import type { CacheStatus } from '../../cache/response-cache.js';
import { compressLive, compressible, negotiate } from '../../lib/compression.js';
import { cacheKey, splitUrl } from '../../lib/canonical.js';
import { GatewayError } from '../../lib/errors.js';
import { rawBodyOf } from '../../lib/raw-body.js';
import { OPEN_DATA_QUOTA_KEY, type CachePolicy, type GatewayRoute } from '../../route-table.js';
import { conditionalAnswer } from './conditional.js';
import { ByteLimit, callUpstream, type DataSerializer, type ProxyTarget } from '../../upstream/proxy-call.js';
import binaryProxy from './binary.js';

/** Names of user tokens (shared): a request carrying one (header, query or body field) is never cached. */
const TOKEN_FIELDS: ReadonlySet<string> = new Set(USER_TOKEN_FIELDS);

/** The property names of an object schema (none for a route without that schema). */
function namesOf(schema: TSchema | undefined): ReadonlySet<string> {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return new Set(properties ? Object.keys(properties) : []);
}

/** The query parameters the contract names, in their order. */
function contractQuery(params: URLSearchParams | null, names: ReadonlySet<string>): URLSearchParams {
  return new URLSearchParams(params ? [...params].filter(([name]) => names.has(name)) : []);
}

/** A JSON object body with only the top-level fields the contract names; anything else as it is. */
function contractBody(body: unknown, names: ReadonlySet<string>): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => names.has(name)));
}

/**
 * Form and multipart bodies are streamed to the upstream as they came, within UPLOAD_LIMIT_BYTES,
 * or within the shared UPLOAD_MAX_REQUEST_BYTES on the upload routes (rows with multipartFields).
 */
const RAW_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * The proxy: one route per row of the route table, and nothing else reaches an upstream. JSON
 * routes go through the response cache (when the row has a policy and the request is cacheable)
 * and the envelope normalizer on the upstream's undici Pool; binary prefix routes stream through
 * @fastify/http-proxy. Every answer carries x-cache.
 */
const proxyRoutes: FastifyPluginAsync = async (app) => {
  const { routes, upstream: upstreamConfig, rateLimit, uploadLimitBytes, compressMinBytes, runtime } = app.config;

  // Upstream routes take JSON, or raw form/multipart bodies (text/plain is removed app-wide in app.ts).
  app.addContentTypeParser(RAW_CONTENT_TYPES, (request, payload, done) => {
    const limit = request.routeOptions.config?.uploadLimitBytes ?? uploadLimitBytes;
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      done(new GatewayError(413, ERROR_CODES.payloadTooLarge), undefined);
      return;
    }
    done(null, ByteLimit.over(payload, limit));
  });

  // Every answer of a proxy route says x-cache, refusals before the handler (400, 413, 415) too.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-cache', 'BYPASS');
    done();
  });

  /** A route's own limit (strict, or the open-data quota) and the key of its counter; undefined: the global one. */
  const limitOf = (
    route: GatewayRoute,
  ): { rateLimit: { max: number; timeWindow: number }; rateLimitKey: string } | undefined => {
    if (route.rateLimit === 'default') return undefined;
    const max = route.rateLimit === 'strict' ? rateLimit.strictMax : rateLimit.openDataMax;
    const rateLimitKey = route.rateLimit === 'opendata' ? OPEN_DATA_QUOTA_KEY : route.path;
    return { rateLimit: { max, timeWindow: rateLimit.windowMs }, rateLimitKey };
  };

  for (const route of routes) {
    // The H5 test login's rows (a name and ID number → a session) exist only in test mode: without
    // it they are no route here, whatever the upstream behind does with them.
    if (route.testOnly && !runtime.h5TestMode) continue;
    const client = app.upstreams[route.upstream];
    const timeoutMs = route.timeoutMs ?? upstreamConfig.timeoutMs;
    const limit = limitOf(route);
    if (route.dialect === 'binary') {
      await app.register(binaryProxy, { route, client, timeoutMs, retries: upstreamConfig.retries, limit });
      continue;
    }
    const serializeData: DataSerializer | null = route.data ? fastJson(route.data) : null;
    const target: ProxyTarget = {
      client,
      dialect: route.dialect,
      timeoutMs,
      serializeData,
      fileAnswer: route.fileAnswer === true,
      conditional: route.conditional === true,
      queryNames: namesOf(route.query),
    };
    // The top-level body fields a cached route's contract names (null: never cached). Anything else
    // a client adds is dropped from the cache key and the upstream call alike, as with the query
    // (ProxyTarget.queryNames): it can neither make a new entry per value nor change what one holds.
    const bodyNames = route.cache ? namesOf(route.body) : null;
    if (bodyNames !== null) {
      // Fresh hits of this route may be answered in front of the router (cache/hit-path.ts), counted
      // against the same rate-limit counter as the route's own hook.
      const counter = app.rateLimits.forRoute(limit?.rateLimitKey ?? route.path, limit?.rateLimit);
      for (const method of route.methods) {
        if (method === 'GET' || method === 'POST') app.hitPath.addRoute({ method, path: route.path, counter });
      }
    }
    app.route({
      method: [...route.methods],
      url: route.path,
      // The contract's schemas: a request that breaks them is answered 400 here, before any upstream call.
      schema: {
        ...(route.query ? { querystring: route.query } : {}),
        ...(route.body ? { body: route.body } : {}),
      },
      config: {
        ...(route.emptyFieldMessages ? { emptyFieldMessages: route.emptyFieldMessages } : {}),
        ...(route.multipartFields ? { uploadLimitBytes: UPLOAD_MAX_REQUEST_BYTES } : {}),
        ...(limit ?? {}),
      },
      // A JSON route takes JSON only: a form or multipart body is refused, not validated as a stream.
      ...(route.body
        ? {
            preValidation: (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
              if (request.body instanceof Readable) done(new GatewayError(415, ERROR_CODES.unsupportedMediaType));
              else done();
            },
          }
        : {}),
      handler: (request, reply) => forward(request, reply, route, bodyNames, target),
    });
  }

  /**
   * Answers a proxied JSON request. A fresh hit in the in-process tier is sent right here,
   * synchronously, with the headers stored with its entry; everything else goes on in relay().
   */
  function forward(
    request: FastifyRequest,
    reply: FastifyReply,
    route: GatewayRoute,
    bodyNames: ReadonlySet<string> | null,
    target: ProxyTarget,
  ): Promise<FastifyReply> | undefined {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    let { search } = splitUrl(request.url);
    let body: unknown = request.body;
    const raw = body instanceof Readable;
    const params = search ? new URLSearchParams(search) : null;
    const bypass = bodyNames === null || raw || carriesUserToken(request, params);
    // What the contract does not name neither reaches the upstream, cached or not (a token added to
    // the address of a body call would end up in its access log), nor keys an entry.
    const query = contractQuery(params, target.queryNames);
    search = query.toString();
    request.upstreamName = target.client.name;
    let key: string | null = null;
    if (!bypass) {
      body = method === 'GET' ? undefined : contractBody(body, bodyNames);
      key = cacheKey(method, route.path, query, body);
      // These exact bytes mean this key: an identical request is answered in front of the router next time.
      if (request.method !== 'HEAD') app.hitPath.alias(request.method, request.url, rawBodyOf(request.raw), key);
      const entry = app.cache.hit(key);
      if (entry !== undefined) {
        app.metrics.cacheResult.HIT.inc();
        if (route.conditional && conditionalAnswer(request, reply, entry.headers, 'HIT')) return undefined;
        const hit = hitAnswer(entry, request.headers['accept-encoding']);
        reply.code(hit.statusCode).headers(hit.headers).send(hit.body);
        return undefined;
      }
    }
    const produce = () => callUpstream(target, request, method, search, body);
    return relay(request, reply, route, key, produce, query);
  }

  /** The upstream call (through the cache when `key` is given, else bypassing it) and its answer. */
  async function relay(
    request: FastifyRequest,
    reply: FastifyReply,
    route: GatewayRoute,
    key: string | null,
    produce: () => Promise<ProducedAnswer>,
    query: URLSearchParams,
  ): Promise<FastifyReply> {
    let status: CacheStatus = key === null ? 'BYPASS' : 'MISS';
    // Set first so that error answers say it too.
    reply.header('x-cache', status);
    try {
      let answer: Answer;
      if (key === null || route.cache === null) {
        answer = await produce();
      } else {
        const outcome = await app.cache.respond(key, route.path, policyFor(route.cache, query), produce);
        answer = outcome.answer;
        status = outcome.status;
      }
      if (route.conditional && conditionalAnswer(request, reply, answer.headers, status)) return reply;
      const { body, headers } = await encode(request, answer);
      return reply
        .code(answer.statusCode)
        .headers(headers)
        .header('x-cache', status)
        .header('cache-control', key === null ? 'no-store' : 'no-cache')
        .send(body);
    } finally {
      app.metrics.cacheResult[status].inc();
    }
  }

  /**
   * The body to send and its headers: a compressible JSON answer (at least COMPRESS_MIN_BYTES)
   * says Vary: Accept-Encoding and goes br or gzip to a client that takes it, from the cache
   * entry's stored forms when it is one, else compressed for this answer. Files pass untouched.
   */
  async function encode(
    request: FastifyRequest,
    answer: Answer | CacheEntry,
  ): Promise<{ body: Buffer; headers: Readonly<Record<string, string>> }> {
    const entry = 'encoded' in answer ? answer : null;
    if (!(entry ? entry.vary : compressible(answer.headers, answer.body, compressMinBytes))) {
      return { body: answer.body, headers: answer.headers };
    }
    const headers: Record<string, string> = { ...answer.headers, vary: 'Accept-Encoding' };
    const coding = negotiate(request.headers['accept-encoding']);
    if (coding === null) return { body: answer.body, headers };
    const body = entry ? (entry.encoded[coding]?.body ?? null) : await compressLive(answer.body, coding);
    if (body === null) return { body: answer.body, headers };
    headers['content-encoding'] = coding;
    return { body, headers };
  }
};

/** The route's policy for one request: with its key tag (one record's tag) when the row has one and the query names it. */
function policyFor(policy: CachePolicy, query: URLSearchParams): CachePolicy {
  const value = policy.keyTag === null ? null : query.get(policy.keyTag.param);
  return value ? { ...policy, tags: [...policy.tags, `${policy.keyTag!.prefix}${value}`] } : policy;
}

/** True when the request carries a user token in a header, a query parameter or a top-level body field. */
function carriesUserToken(request: FastifyRequest, params: URLSearchParams | null): boolean {
  for (const field of TOKEN_FIELDS) if (request.headers[field] !== undefined) return true;
  if (params) {
    for (const name of params.keys()) if (TOKEN_FIELDS.has(name.toLowerCase())) return true;
  }
  const body = request.body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && !(body instanceof Readable)) {
    for (const name of Object.keys(body)) if (TOKEN_FIELDS.has(name.toLowerCase())) return true;
  }
  return false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The largest raw (form or multipart) body of this route; default UPLOAD_LIMIT_BYTES. */
    uploadLimitBytes?: number;
  }
}

export default proxyRoutes;
