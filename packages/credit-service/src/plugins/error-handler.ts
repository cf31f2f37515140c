import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_MESSAGES } from '@credit-portal/shared';
import { dialectOfPath, errorBody } from '../lib/dialect.js';
import { NotFoundError, toServiceError, type ServiceError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Messages that replace the generic one when a field is missing or empty, e.g. the entity
     * search answers 请输入关键字查询 for an empty keyword (spec §8).
     */
    emptyFieldMessages?: Readonly<Record<string, string>>;
  }
}

/** Writes an error in the dialect of the route that matched, else of the request path. */
function answer(request: FastifyRequest, reply: FastifyReply, error: ServiceError): FastifyReply {
  const dialect = dialectOfPath(request.routeOptions.url ?? request.url.split('?')[0]!);
  return reply.code(error.statusCode).send(errorBody(dialect, error.statusCode, error.message));
}

/**
 * One error handler and one not-found handler for the whole service. What an error is answered
 * as is decided in lib/errors.ts; this only logs it and writes it in the legacy dialect of its
 * route (`{ status, msg, data: null }` on the CMS, `{ ErrorCode, Data: null, Msg }` on the credit
 * API, …) with an HTTP status to match.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: Error, request, reply) => {
      const refused = toServiceError(error, request.routeOptions.config?.emptyFieldMessages);
      if (refused.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else {
        request.log.info(
          { status: refused.statusCode, code: refused.code, reason: refused.message },
          'request rejected',
        );
      }
      return answer(request, reply, refused);
    });

    app.setNotFoundHandler((request, reply) => answer(request, reply, new NotFoundError(ERROR_MESSAGES.not_found)));
  },
  { name: 'error-handler' },
);
