import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JsonShapeScanner, type JsonLimits } from '../json-limits.js';

type Done = (err: Error | null, body?: unknown) => void;

/** A content-type parser that takes the raw body stream. */
export type JsonStreamParser = (request: FastifyRequest, payload: IncomingMessage, done: Done) => void;

/** Malformed UTF-8 in a body: refused, never turned into U+FFFD and read on. */
export const NOT_UTF8 = '请求体不是有效的 UTF-8 编码';

/**
 * The errors a service answers a refused body with. `close`: the rest of the body was left
 * unread, so the answer should close the connection.
 */
export interface JsonBodyRefusals {
  /** 413: over the route's body limit. */
  tooLarge(close: boolean): Error;
  /** 400: `problem` names what is wrong (a shape limit, NOT_UTF8); null for a body shorter or longer than it said. */
  badRequest(problem: string | null, close: boolean): Error;
}

export interface JsonBodyOptions {
  limits: JsonLimits;
  refuse: JsonBodyRefusals;
  /**
   * Where the body's bytes are kept (the gateway's cache aliases a request's exact bytes), and the
   * bytes already read before the parser ran (its cache-hit fast path), which then go through the
   * same checks instead of the spent stream.
   */
  rawBody?: { read(raw: IncomingMessage): Buffer | undefined; keep(raw: IncomingMessage, body: Buffer): void };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text; null when it is not well-formed UTF-8. */
function decodeUtf8(body: Buffer): string | null {
  try {
    return UTF8.decode(body);
  } catch {
    return null;
  }
}

/**
 * The JSON body parser of both services. Each chunk is scanned as it arrives (JsonShapeScanner:
 * depth, members, elements) and the body limit counted; a body over a limit is refused there and
 * then, so the rest of it is never read, decoded or parsed. A body within the limits is decoded
 * once, strictly, and handed to Fastify's own JSON parser (prototype-poisoning protection,
 * empty-body and syntax errors).
 */
export function limitedJsonParser(app: FastifyInstance, options: JsonBodyOptions): JsonStreamParser {
  const { limits, refuse, rawBody } = options;
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request, payload, done) => {
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? Number.POSITIVE_INFINITY;
    const declared = Number(request.headers['content-length']);
    if (declared > limit) {
      done(refuse.tooLarge(true));
      return;
    }
    const parseBytes = (body: Buffer, finish: Done) => {
      rawBody?.keep(request.raw, body);
      const text = decodeUtf8(body);
      if (text === null) finish(refuse.badRequest(NOT_UTF8, false));
      else parse(request, text, finish);
    };
    const preread = rawBody?.read(request.raw);
    if (preread !== undefined) {
      if (preread.length > limit) {
        done(refuse.tooLarge(false));
        return;
      }
      const problem = new JsonShapeScanner(limits).push(preread);
      if (problem) done(refuse.badRequest(problem, false));
      else parseBytes(preread, done);
      return;
    }
    const scanner = new JsonShapeScanner(limits);
    const chunks: Buffer[] = [];
    let received = 0;
    let finished = false;
    const finish: Done = (err, body) => {
      if (finished) return;
      finished = true;
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      done(err, body);
    };
    function onData(chunk: Buffer) {
      received += chunk.length;
      if (received > limit) {
        finish(refuse.tooLarge(true));
        return;
      }
      const problem = scanner.push(chunk);
      if (problem) {
        finish(refuse.badRequest(problem, true));
        return;
      }
      chunks.push(chunk);
    }
    function onEnd() {
      if (Number.isFinite(declared) && declared !== received) {
        finish(refuse.badRequest(null, false));
        return;
      }
      parseBytes(Buffer.concat(chunks, received), finish);
    }
    function onError(err: Error & { statusCode?: number }) {
      if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400;
      finish(err);
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  };
}

/** Replaces the application/json parser app-wide with the limited one (before any route registers). */
export function useLimitedJsonParser(app: FastifyInstance, options: JsonBodyOptions): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', limitedJsonParser(app, options));
}
