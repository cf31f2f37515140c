import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyError } from 'fastify';
import { ERROR_CODES, errorEnvelope } from '@credit-portal/shared';
import { GatewayError, parserRefusal, toErrorAnswer } from '../lib/errors.js';
import { limitHook } from './rate-limit.js';

/**
 * Fastify's clientErrorHandler (a server option, set in app.ts): a request Node's parser refuses
 * (a 100 KB query, a header block over the limit, a malformed request line) gets the normalized
 * envelope like every other refusal, instead of Fastify's default body.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { statusCode, envelope } = parserRefusal(err.code);
  this.log.debug({ code: err.code, status: statusCode }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(envelope);
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** The one error handler and the one not-found answer: the normalized envelope, stable codes. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | GatewayError, request, reply) => {
      const { statusCode, envelope } = toErrorAnswer(error, request);
      if (error instanceof GatewayError) {
        reply.headers(error.headers);
        // Expected outcomes (upstream down, bad input): the cause was logged where it happened.
        request.log[statusCode >= 500 ? 'warn' : 'debug']({ code: envelope.code, statusCode }, error.message);
      } else if (statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
      } else {
        // A schema's message names fields only; a parser's quotes the body (a token in it, say): its code alone.
        const reason = error.validation ? error.message : (error.code ?? error.name);
        request.log.debug({ reason, code: envelope.code }, 'request refused');
      }
      return reply.code(statusCode).header('cache-control', 'no-store').send(envelope);
    });

    // Scanners probing for paths are rate limited like everyone else.
    app.setNotFoundHandler({ preHandler: limitHook(app.rateLimits.global) }, (_request, reply) =>
      reply.code(404).header('cache-control', 'no-store').send(errorEnvelope(ERROR_CODES.notFound)),
    );
  },
  { name: 'error-handler', dependencies: ['rate-limit'] },
);
