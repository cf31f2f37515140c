import { Readable, Transform, pipeline, type TransformCallback } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES, type Dialect, type Envelope } from '@credit-portal/shared';
import type { ProducedAnswer } from '../cache/cache-entry.js';
import { GatewayError, UpstreamFailure, upstreamFailureError } from '../lib/errors.js';
import { JSON_FORWARDED_HEADERS, forwardHeaders } from './forwarded-headers.js';
import { normalizeUpstreamAnswer } from './normalize.js';
import type { UpstreamClient } from './upstream-client.js';

/** Writes an answer's data as its contract's schema has it: fields the contract does not name are left out. */
export type DataSerializer = (data: unknown) => string;

/** What the upstream call of one JSON route needs, fixed when the route is registered. */
export interface ProxyTarget {
  client: UpstreamClient;
  dialect: Dialect;
  timeoutMs: number;
  /** The contract's serializer of the answer's data (null: the data as it came). */
  serializeData: DataSerializer | null;
  /** The row answers a generated file (a report's PDF), which passes through untouched. */
  fileAnswer: boolean;
  /** The row's answers keep the upstream's ETag and Last-Modified (conditional rows: the open-data API). */
  conditional: boolean;
  /** The query parameters the contract names: no other reaches the upstream. */
  queryNames: ReadonlySet<string>;
}

const JSON_HEADERS = Object.freeze({ 'content-type': 'application/json; charset=utf-8' });

/** File answers (rows with fileAnswer): the types passed through, and the headers kept with them. */
const FILE_TYPES = /^(application\/pdf|text\/csv)\b/i;
const FILE_HEADERS = ['content-type', 'content-disposition', 'x-report-number'];

/**
 * Calls a JSON route's upstream for a request (the route's path, `search` and `requestBody` as
 * the cache flow left them) and turns its answer into the gateway's: the normalized envelope as
 * bytes (its data written by the contract's serializer), or a generated file passed through.
 * A failure to get an answer throws the GatewayError it is answered with.
 */
export async function callUpstream(
  target: ProxyTarget,
  request: FastifyRequest,
  method: string,
  search: string,
  requestBody: unknown,
): Promise<ProducedAnswer> {
  const { client } = target;
  const headers = forwardHeaders(request, JSON_FORWARDED_HEADERS, {
    accept: 'application/json',
    'x-request-id': request.id,
    'x-forwarded-for': request.ip,
    'x-forwarded-proto': request.protocol,
  });
  let body: string | Readable | null = null;
  if (method !== 'GET' && requestBody !== undefined && requestBody !== null) {
    if (requestBody instanceof Readable) {
      body = requestBody;
      headers['content-type'] = String(request.headers['content-type']);
    } else {
      body = JSON.stringify(requestBody);
      headers['content-type'] = 'application/json';
    }
  }
  const path = `${request.routeOptions.url}${search ? `?${search}` : ''}`;
  let response;
  try {
    response = await client.request({
      method,
      path,
      headers,
      body,
      timeoutMs: target.timeoutMs,
      retry: method === 'GET',
      clientFault: body instanceof ByteLimit ? () => body.clientFault : undefined,
    });
  } catch (err) {
    if (body instanceof ByteLimit && body.exceeded) throw new GatewayError(413, ERROR_CODES.payloadTooLarge);
    if (body instanceof ByteLimit && body.clientFault) throw new GatewayError(400, ERROR_CODES.badRequest);
    if (err instanceof UpstreamFailure) {
      request.log.warn({ upstream: err.upstream, kind: err.kind, reason: err.message }, 'upstream call failed');
      throw upstreamFailureError(err.kind, err.retryAfterMs);
    }
    throw err;
  }
  request.upstreamMs = response.latencyMs;
  // A generated file (a report's PDF) passes through byte for byte with its own headers.
  if (target.fileAnswer && response.status === 200 && FILE_TYPES.test(String(response.headers['content-type'] ?? ''))) {
    const headers: Record<string, string> = {};
    for (const name of FILE_HEADERS) {
      const value = response.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return { statusCode: 200, headers, body: response.body, cacheable: false };
  }
  const { statusCode, envelope } = normalizeUpstreamAnswer(
    target.dialect,
    response.status,
    response.headers,
    response.body,
  );
  if (statusCode === 502 && response.status < 500) {
    request.log.warn({ upstream: client.name, status: response.status }, 'upstream answer is not in the route dialect');
  }
  return {
    statusCode,
    headers: target.conditional && statusCode === 200 ? withValidators(response.headers) : JSON_HEADERS,
    body: envelopeBytes(envelope, target.serializeData),
    cacheable: statusCode === 200 && envelope.ok,
  };
}

/** The JSON headers with the upstream's validators, when it sent both (a conditional row's success). */
function withValidators(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): Readonly<Record<string, string>> {
  const { etag, 'last-modified': lastModified } = headers;
  if (typeof etag !== 'string' || typeof lastModified !== 'string') return JSON_HEADERS;
  return { ...JSON_HEADERS, etag, 'last-modified': lastModified };
}

/** The normalized envelope as bytes, its data written by the route's serializer when it has one. */
function envelopeBytes(envelope: Envelope, serializeData: DataSerializer | null): Buffer {
  if (!serializeData || !envelope.ok || envelope.data === null || envelope.data === undefined) {
    return Buffer.from(JSON.stringify(envelope));
  }
  const head = `{"ok":true,"code":${JSON.stringify(envelope.code)},"message":${JSON.stringify(envelope.message)}`;
  return Buffer.from(`${head},"data":${serializeData(envelope.data)}}`);
}

/**
 * Passes a raw (form or multipart) request body through to the upstream and fails it once more
 * than `limit` bytes went by: the call then answers 413 payload_too_large.
 */
export class ByteLimit extends Transform {
  exceeded = false;
  /** The client went away before its body ended (not the upstream: see over()). */
  abandoned = false;
  #seen = 0;

  constructor(private readonly limit: number) {
    super();
  }

  /**
   * The request's body through a limit, joined by `pipeline` rather than `pipe`: when the client
   * goes away mid-body the limit is destroyed with it, which ends the upstream call at once (with
   * `pipe` the call held one of the pool's connections until its timeout, and a few abandoned
   * uploads could hold them all). The pipeline's callback also takes the limit's own error, which
   * would otherwise be unhandled before the upstream call begins.
   */
  static over(payload: Readable, limit: number): ByteLimit {
    const limiter = new ByteLimit(limit);
    // Before the pipeline's listener, so that this one sees whether the client's side failed
    // first: when the upstream fails mid-body the limit is destroyed first and takes the body with it.
    payload.once('error', () => {
      if (!limiter.destroyed) limiter.abandoned = true;
    });
    pipeline(payload, limiter, () => {});
    return limiter;
  }

  /** The body failed on the client's side: too large, or abandoned. Not the upstream's failure. */
  get clientFault(): boolean {
    return this.exceeded || this.abandoned;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#seen += chunk.length;
    if (this.#seen > this.limit) {
      this.exceeded = true;
      callback(new GatewayError(413, ERROR_CODES.payloadTooLarge));
      return;
    }
    callback(null, chunk);
  }
}
