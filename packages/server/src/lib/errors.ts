import { ERROR_CODES, ERROR_MESSAGES, type Envelope, type ErrorCode } from '@credit-portal/shared';

/**
 * An error the gateway answers on purpose: an HTTP status, a stable code and a Chinese message
 * that are safe to show. Handlers throw it; the one error handler turns it into the envelope.
 */
export class GatewayError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | number | string,
    message?: string,
    readonly data: unknown = null,
    /** Headers the answer carries (e.g. Retry-After of a 503). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message ?? (isErrorCode(code) ? ERROR_MESSAGES[code] : ERROR_MESSAGES.internal_error));
    this.name = 'GatewayError';
  }

  /** The normalized envelope of this error. */
  toEnvelope(): Envelope<unknown> {
    return { ok: false, code: this.code, message: this.message, data: this.data };
  }
}

/** A Retry-After header for a wait in ms (whole seconds, at least 1). */
export function retryAfter(ms: number): Record<string, string> {
  return { 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) };
}

const KNOWN_CODES = new Set<string>(Object.values(ERROR_CODES));

/** True for one of the gateway's own error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

/** The gateway's own code for an HTTP status it answers without an upstream envelope. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return ERROR_CODES.badRequest;
    case 401:
    case 403:
      return ERROR_CODES.unauthorized;
    case 404:
    case 405:
      return ERROR_CODES.notFound;
    case 413:
      return ERROR_CODES.payloadTooLarge;
    case 415:
      return ERROR_CODES.unsupportedMediaType;
    case 429:
      return ERROR_CODES.rateLimited;
    case 502:
    case 503:
      return ERROR_CODES.upstreamUnavailable;
    case 504:
      return ERROR_CODES.upstreamTimeout;
    default:
      return status >= 500 ? ERROR_CODES.internal : ERROR_CODES.badRequest;
  }
}
