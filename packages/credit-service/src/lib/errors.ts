import type { FastifyError } from 'fastify';
import { ERROR_MESSAGES, describeIssue, issueField, type ErrorCode, type ValidationIssue } from '@credit-portal/shared';

/*
 * Every error the service answers, in one place: named errors, each with its HTTP status, a
 * stable snake_case code (for the logs; the answer carries the status and message) and a Chinese
 * message that is safe to show; the service's own messages; and what a failure the framework
 * raises before a handler runs (validation, body parsing) is answered as. Handlers and helpers
 * throw these; plugins/error-handler.ts only writes them in the route's dialect.
 */

/**
 * Stable codes of the service's errors: the gateway's own codes (shared ERROR_CODES) where the
 * two mean the same, so that one word names one failure in both services' logs and audit trails.
 */
export type ServiceErrorCode =
  | Extract<
      ErrorCode,
      | 'bad_request'
      | 'unsupported_media_type'
      | 'unauthorized'
      | 'not_found'
      | 'payload_too_large'
      | 'rate_limited'
      | 'internal_error'
    >
  | 'forbidden'
  | 'conflict'
  | 'gone'
  | 'service_unavailable';

/** Base of every error the service answers on purpose. */
export abstract class ServiceError extends Error {
  abstract readonly statusCode: number;
  abstract readonly code: ServiceErrorCode;
}

/** 400: the request is malformed or a value is not acceptable. */
export class BadRequestError extends ServiceError {
  readonly statusCode = 400;
  readonly code = 'bad_request';
  override readonly name = 'BadRequestError';
}

/** 400: a body of a type the route does not take (JSON routes refuse forms, and so on). */
export class UnsupportedMediaTypeError extends ServiceError {
  readonly statusCode = 400;
  readonly code = 'unsupported_media_type';
  override readonly name = 'UnsupportedMediaTypeError';
  constructor(message: string = REQUEST_MESSAGES.unsupportedMediaType) {
    super(message);
  }
}

/** 401: no valid login, or wrong credentials. */
export class UnauthorizedError extends ServiceError {
  readonly statusCode = 401;
  readonly code = 'unauthorized';
  override readonly name = 'UnauthorizedError';
}

/** 403: a valid login asking for what is not its own (another person's data). */
export class ForbiddenError extends ServiceError {
  readonly statusCode = 403;
  readonly code = 'forbidden';
  override readonly name = 'ForbiddenError';
}

/** 404: the asked-for record does not exist (or is not public). */
export class NotFoundError extends ServiceError {
  readonly statusCode = 404;
  readonly code = 'not_found';
  override readonly name = 'NotFoundError';
}

/** 409: the request clashes with the current state (already bound, already used). */
export class ConflictError extends ServiceError {
  readonly statusCode = 409;
  readonly code = 'conflict';
  override readonly name = 'ConflictError';
}

/** 410: the thing existed but has expired. */
export class GoneError extends ServiceError {
  readonly statusCode = 410;
  readonly code = 'gone';
  override readonly name = 'GoneError';
}

/** 413: a body, a file or a whole upload over its limit. */
export class PayloadTooLargeError extends ServiceError {
  readonly statusCode = 413;
  readonly code = 'payload_too_large';
  override readonly name = 'PayloadTooLargeError';
}

/** 429: too many attempts; try again later. */
export class TooManyRequestsError extends ServiceError {
  readonly statusCode = 429;
  readonly code = 'rate_limited';
  override readonly name = 'TooManyRequestsError';
}

/** 500: anything the service did not answer on purpose; its cause is logged, never shown. */
export class InternalError extends ServiceError {
  readonly statusCode = 500;
  readonly code = 'internal_error';
  override readonly name = 'InternalError';
  constructor() {
    super(ERROR_MESSAGES.internal_error);
  }
}

/** 503: a service this one needs is not set up or not answering (e.g. no SMS sender); try again later. */
export class ServiceUnavailableError extends ServiceError {
  readonly statusCode = 503;
  readonly code = 'service_unavailable';
  override readonly name = 'ServiceUnavailableError';
}

/** Another refusal of the framework's (a 4xx of its own): its status, the generic message. */
class RefusedRequestError extends ServiceError {
  readonly code = 'bad_request';
  override readonly name = 'RefusedRequestError';
  constructor(readonly statusCode: number) {
    super(ERROR_MESSAGES.bad_request);
  }
}

/** The service's own not-found messages (the spec's are in MESSAGES of the shared package). */
export const NOT_FOUND_MESSAGES = {
  content: '内容不存在',
  site: '站点不存在',
  record: '未找到该记录',
  /** A list entry past its validity. */
  expired: '该记录已超过公示期',
  image: '图片不存在',
} as const;

/** Prefix of every message about a request that breaks its route's contract. */
export const BAD_REQUEST_PREFIX = '参数错误：';

/** Messages of bodies refused before any handler runs. */
export const REQUEST_MESSAGES = {
  unsupportedMediaType: `${BAD_REQUEST_PREFIX}不支持的 Content-Type，请使用 application/json`,
  emptyBody: `${BAD_REQUEST_PREFIX}请求体为空`,
  invalidJson: `${BAD_REQUEST_PREFIX}请求体不是合法的 JSON`,
} as const;

/**
 * What any error a request ended with is answered as. A ServiceError as it is; a request that
 * breaks its route's schema as 400 with the reason in Chinese (the route's own message for a
 * missing or empty field, from `emptyFieldMessages`); the framework's body errors as 400 or 413;
 * any other 4xx with its status and the generic message; everything else as 500, whose text never
 * leaves the service.
 */
export function toServiceError(
  error: FastifyError | Error,
  emptyFieldMessages?: Readonly<Record<string, string>>,
): ServiceError {
  if (error instanceof ServiceError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation && fastifyError.validation.length > 0) {
    const issue = fastifyError.validation[0] as ValidationIssue;
    const custom = emptyFieldMessages?.[issueField(issue)];
    if (custom && (issue.keyword === 'required' || issue.keyword === 'minLength')) return new BadRequestError(custom);
    return new BadRequestError(BAD_REQUEST_PREFIX + describeIssue(issue, fastifyError.validationContext));
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new UnsupportedMediaTypeError();
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new BadRequestError(REQUEST_MESSAGES.emptyBody);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new BadRequestError(REQUEST_MESSAGES.invalidJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new PayloadTooLargeError(ERROR_MESSAGES.payload_too_large);
  }
  const status = fastifyError.statusCode ?? 500;
  // JSON.parse failures of the body parser arrive as SyntaxError with status 400.
  if (error instanceof SyntaxError && status === 400) return new BadRequestError(REQUEST_MESSAGES.invalidJson);
  if (status >= 400 && status < 500) return new RefusedRequestError(status);
  return new InternalError();
}
