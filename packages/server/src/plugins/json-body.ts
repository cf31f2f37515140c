import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@credit-portal/shared';
import {
  limitedJsonParser,
  useLimitedJsonParser,
  type JsonBodyOptions,
  type JsonStreamParser,
} from '@credit-portal/node-common';
import { GatewayError } from '../lib/errors.js';
import { keepRawBody, rawBodyOf } from '../lib/raw-body.js';

/** A refused body's answer closes the connection when the rest of the body was left unread. */
const closing = (close: boolean): Record<string, string> => (close ? { connection: 'close' } : {});

/**
 * node-common's streamed JSON parser with the gateway's refusals (the normalized envelope's
 * codes) and its raw bytes: a body the cache-hit fast path already read (lib/raw-body.ts) goes
 * through the same checks from its bytes, and every body read is kept on the request for the
 * proxy's raw-bytes cache alias.
 */
function gatewayJsonBody(app: FastifyInstance): JsonBodyOptions {
  return {
    limits: app.config.jsonLimits,
    refuse: {
      tooLarge: (close) => new GatewayError(413, ERROR_CODES.payloadTooLarge, undefined, null, closing(close)),
      badRequest: (problem, close) =>
        new GatewayError(
          400,
          ERROR_CODES.badRequest,
          problem ? `参数错误：${problem}` : undefined,
          null,
          closing(close),
        ),
    },
    rawBody: { read: rawBodyOf, keep: keepRawBody },
  };
}

/** The gateway's JSON parser, for a route that takes JSON under another content type (the visit log's text/plain). */
export function gatewayJsonParser(app: FastifyInstance): JsonStreamParser {
  return limitedJsonParser(app, gatewayJsonBody(app));
}

/** Replaces the application/json parser app-wide with the limited one (before any route registers). */
export default fp(
  async (app) => {
    useLimitedJsonParser(app, gatewayJsonBody(app));
  },
  { name: 'json-body' },
);
