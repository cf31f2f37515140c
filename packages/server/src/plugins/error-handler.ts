import fp from 'fastify-plugin';
import type { FastifyError, FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  describeIssue,
  errorEnvelope,
  issueField,
  type Envelope,
  type ValidationIssue,
} from '@credit-portal/shared';
import { TooDeepError } from '../lib/canonical.js';
import { GatewayError, codeForStatus } from '../lib/errors.js';

/** Fastify's own error codes that map to a specific answer. */
const FRAMEWORK_STATUS: Readonly<Record<string, number>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_TYPE: 400,
  FST_ERR_BAD_URL: 400,
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's messages for a missing or empty field (e.g. 请输入关键字查询), instead of the generic one. */
    emptyFieldMessages?: Readonly<Record<string, string>>;
  }
}

/** The Chinese message of a request that breaks its contract: the contract's own for an empty field, else 参数错误：…. */
function validationMessage(error: FastifyError, request?: FastifyRequest): string {
  const issue = error.validation?.[0] as ValidationIssue | undefined;
  if (!issue) return '参数错误';
  const custom = request?.routeOptions.config?.emptyFieldMessages?.[issueField(issue)];
  if (custom && (issue.keyword === 'required' || issue.keyword === 'minLength')) return custom;
  return `参数错误：${describeIssue(issue, error.validationContext)}`;
}

/** The status and envelope for any error; 5xx never carry the error's own text. */
export function toErrorAnswer(
  error: FastifyError | GatewayError | Error,
  request?: FastifyRequest,
): {
  statusCode: number;
  envelope: Envelope<unknown>;
} {
  if (error instanceof GatewayError) return { statusCode: error.statusCode, envelope: error.toEnvelope() };
  if (error instanceof TooDeepError) return { statusCode: 400, envelope: errorEnvelope(ERROR_CODES.badRequest) };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return {
      statusCode: 400,
      envelope: errorEnvelope(ERROR_CODES.badRequest, validationMessage(fastifyError, request)),
    };
  }
  const mapped = fastifyError.code ? FRAMEWORK_STATUS[fastifyError.code] : undefined;
  const declared = fastifyError.statusCode;
  const statusCode = mapped ?? (typeof declared === 'number' && declared >= 400 && declared < 600 ? declared : 500);
  return { statusCode, envelope: errorEnvelope(codeForStatus(statusCode)) };
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
        request.log.debug({ reason: error.message, code: envelope.code }, 'request refused');
      }
      return reply.code(statusCode).header('cache-control', 'no-store').send(envelope);
    });

    // Scanners probing for paths are rate limited like everyone else.
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (_request, reply) =>
      reply.code(404).header('cache-control', 'no-store').send(errorEnvelope(ERROR_CODES.notFound)),
    );
  },
  { name: 'error-handler', dependencies: ['rate-limit'] },
);
