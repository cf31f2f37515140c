import type { FastifyError, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_MESSAGES, describeIssue, issueField, type ValidationIssue } from '@credit-portal/shared';
import { dialectOfPath, errorBody, type ReplyDialect } from '../lib/dialect.js';
import { ServiceError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Messages that replace the generic one when a field is missing or empty, e.g. the entity
     * search answers 请输入关键字查询 for an empty keyword (spec §8).
     */
    emptyFieldMessages?: Readonly<Record<string, string>>;
  }
}

const BAD_REQUEST_PREFIX = '参数错误：';

/** The dialect of the route that matched, else of the request path. */
function dialectOf(request: FastifyRequest): ReplyDialect {
  return dialectOfPath(request.routeOptions.url ?? request.url.split('?')[0]!);
}

/** The status and message an error answers with; never internals. */
function classify(error: FastifyError | ServiceError, request: FastifyRequest): { status: number; message: string } {
  if (error instanceof ServiceError) return { status: error.statusCode, message: error.message };
  if (error.validation && error.validation.length > 0) {
    const issue = error.validation[0] as ValidationIssue;
    const custom = request.routeOptions.config?.emptyFieldMessages?.[issueField(issue)];
    if (custom && (issue.keyword === 'required' || issue.keyword === 'minLength'))
      return { status: 400, message: custom };
    return { status: 400, message: BAD_REQUEST_PREFIX + describeIssue(issue, error.validationContext) };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, message: `${BAD_REQUEST_PREFIX}不支持的 Content-Type，请使用 application/json` };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: `${BAD_REQUEST_PREFIX}请求体为空` };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: `${BAD_REQUEST_PREFIX}请求体不是合法的 JSON` };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: ERROR_MESSAGES.payload_too_large };
  }
  const status = error.statusCode ?? 500;
  // JSON.parse failures of the body parser arrive as SyntaxError with status 400.
  if (error instanceof SyntaxError && status === 400) {
    return { status: 400, message: `${BAD_REQUEST_PREFIX}请求体不是合法的 JSON` };
  }
  if (status >= 400 && status < 500) return { status, message: ERROR_MESSAGES.bad_request };
  return { status: 500, message: ERROR_MESSAGES.internal_error };
}

/**
 * One error handler and one not-found handler for the whole service: every failure answers
 * in the legacy dialect of its route (`{ status, msg, data: null }` on the CMS,
 * `{ ErrorCode, Data: null, Msg }` on the credit API) with an HTTP status to match.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | ServiceError, request, reply) => {
      const { status, message } = classify(error, request);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else {
        const code = error instanceof ServiceError ? error.code : undefined;
        request.log.info({ status, code, reason: message }, 'request rejected');
      }
      return reply.code(status).send(errorBody(dialectOf(request), status, message));
    });

    app.setNotFoundHandler((request, reply) => {
      const dialect = dialectOfPath(request.url.split('?')[0]!);
      return reply.code(404).send(errorBody(dialect, 404, ERROR_MESSAGES.not_found));
    });
  },
  { name: 'error-handler' },
);
