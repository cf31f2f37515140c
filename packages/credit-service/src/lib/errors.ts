/*
 * The errors a handler throws on purpose: an HTTP status, a stable code for the logs and a
 * Chinese message that is safe to show. The error handler renders them in the route's dialect
 * (status and message; the code stays in the log line).
 */

/** Stable codes of the service's own errors. */
export type ServiceErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_many_requests'
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

/** 429: too many attempts; try again later. */
export class TooManyRequestsError extends ServiceError {
  readonly statusCode = 429;
  readonly code = 'too_many_requests';
  override readonly name = 'TooManyRequestsError';
}

/** 503: a service this one needs is not set up or not answering (e.g. no SMS sender); try again later. */
export class ServiceUnavailableError extends ServiceError {
  readonly statusCode = 503;
  readonly code = 'service_unavailable';
  override readonly name = 'ServiceUnavailableError';
}
