import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES, jsonShapeProblem, type JsonLimits } from '@credit-portal/shared';
import { GatewayError } from '../lib/errors.js';

/** A content-type parser's callback for JSON text. */
export type JsonTextParser = (
  request: FastifyRequest,
  body: string | Buffer,
  done: (err: Error | null, body?: unknown) => void,
) => void;

/**
 * Fastify's own JSON parser (prototype-poisoning protection, empty-body and syntax errors) behind
 * the shape limits: the text is scanned first, and a body nested deeper than JSON_MAX_DEPTH or
 * with more than JSON_MAX_KEYS members or JSON_MAX_ITEMS elements is answered 400 without being
 * parsed, so it never reaches the validator, the cache key or the re-serialization.
 */
export function limitedJsonParser(app: FastifyInstance, limits: JsonLimits): JsonTextParser {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request, body, done) => {
    const problem = jsonShapeProblem(typeof body === 'string' ? body : body.toString('utf8'), limits);
    if (problem) {
      done(new GatewayError(400, ERROR_CODES.badRequest, `参数错误：${problem}`));
      return;
    }
    parse(request, body as string, done);
  };
}

/** Replaces the application/json parser app-wide with the limited one (before any route registers). */
export default fp(
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, limitedJsonParser(app, app.config.jsonLimits));
  },
  { name: 'json-body' },
);
