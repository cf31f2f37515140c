import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@credit-portal/shared';
import { JsonShapeScanner, type JsonLimits } from '@credit-portal/node-common';
import { GatewayError } from '../lib/errors.js';
import { decodeUtf8, keepRawBody, rawBodyOf } from '../lib/raw-body.js';

type Done = (err: Error | null, body?: unknown) => void;

/** A content-type parser that takes the raw body stream. */
export type JsonStreamParser = (request: FastifyRequest, payload: IncomingMessage, done: Done) => void;

/**
 * The gateway's JSON body parser. Each chunk is scanned as it arrives (JsonShapeScanner: depth,
 * members, elements) and the body limit counted; a body over a limit is refused there and then
 * (400, or 413) with `Connection: close`, so the rest of it is never read, decoded or parsed.
 * A body within the limits is decoded once, strictly (malformed UTF-8 is refused with 400, never
 * turned into U+FFFD and sent on), and handed to Fastify's own JSON parser (prototype-poisoning
 * protection, empty-body and syntax errors). A body the cache-hit fast path already read
 * (lib/raw-body.ts) goes through the same checks from its bytes; every body read is kept on the
 * request for the proxy's raw-bytes cache alias.
 */
export function limitedJsonParser(app: FastifyInstance, limits: JsonLimits): JsonStreamParser {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request, payload, done) => {
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? Number.POSITIVE_INFINITY;
    const declared = Number(request.headers['content-length']);
    if (declared > limit) {
      done(new GatewayError(413, ERROR_CODES.payloadTooLarge, undefined, null, { connection: 'close' }));
      return;
    }
    const parseBytes = (body: Buffer, finish: Done) => {
      keepRawBody(request.raw, body);
      const text = decodeUtf8(body);
      if (text === null) finish(new GatewayError(400, ERROR_CODES.badRequest, '参数错误：请求体不是有效的 UTF-8 编码'));
      else parse(request, text, finish);
    };
    const preread = rawBodyOf(request.raw);
    if (preread !== undefined) {
      const problem = preread.length > limit ? null : new JsonShapeScanner(limits).push(preread);
      if (preread.length > limit) done(new GatewayError(413, ERROR_CODES.payloadTooLarge));
      else if (problem) done(new GatewayError(400, ERROR_CODES.badRequest, `参数错误：${problem}`));
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
        finish(new GatewayError(413, ERROR_CODES.payloadTooLarge, undefined, null, { connection: 'close' }));
        return;
      }
      const problem = scanner.push(chunk);
      if (problem) {
        finish(new GatewayError(400, ERROR_CODES.badRequest, `参数错误：${problem}`, null, { connection: 'close' }));
        return;
      }
      chunks.push(chunk);
    }
    function onEnd() {
      if (Number.isFinite(declared) && declared !== received) {
        finish(new GatewayError(400, ERROR_CODES.badRequest));
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
export default fp(
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', limitedJsonParser(app, app.config.jsonLimits));
  },
  { name: 'json-body' },
);
