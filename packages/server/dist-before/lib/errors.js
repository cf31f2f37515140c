import { ERROR_CODES, ERROR_MESSAGES, describeIssue, errorEnvelope, issueField, } from '@credit-portal/shared';
import { TooDeepError } from './canonical.js';
/**
 * An error the gateway answers on purpose: an HTTP status, a stable code and a Chinese message
 * that are safe to show. Handlers throw it; the one error handler turns it into the envelope.
 */
export class GatewayError extends Error {
    statusCode;
    code;
    data;
    headers;
    constructor(statusCode, code, message, data = null, 
    /** Headers the answer carries (e.g. Retry-After of a 503). */
    headers = {}) {
        super(message ?? (isErrorCode(code) ? ERROR_MESSAGES[code] : ERROR_MESSAGES.internal_error));
        this.statusCode = statusCode;
        this.code = code;
        this.data = data;
        this.headers = headers;
        this.name = 'GatewayError';
    }
    /** The normalized envelope of this error. */
    toEnvelope() {
        return { ok: false, code: this.code, message: this.message, data: this.data };
    }
}
/** A Retry-After header for a wait in ms (whole seconds, at least 1). */
export function retryAfter(ms) {
    return { 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) };
}
const KNOWN_CODES = new Set(Object.values(ERROR_CODES));
/** True for one of the gateway's own error codes. */
export function isErrorCode(value) {
    return typeof value === 'string' && KNOWN_CODES.has(value);
}
/** The gateway's own code for an HTTP status it answers without an upstream envelope. */
export function codeForStatus(status) {
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
/** An upstream call that produced no usable HTTP answer (thrown by the upstream client). */
export class UpstreamFailure extends Error {
    upstream;
    kind;
    retryAfterMs;
    constructor(upstream, kind, message, 
    /** circuit_open: when the circuit lets its next trial call through. */
    retryAfterMs) {
        super(message);
        this.upstream = upstream;
        this.kind = kind;
        this.retryAfterMs = retryAfterMs;
        this.name = 'UpstreamFailure';
    }
}
/** The gateway's answer to each kind of upstream failure (JSON routes and binary routes alike). */
export const UPSTREAM_FAILURE_ANSWERS = {
    timeout: { statusCode: 504, code: ERROR_CODES.upstreamTimeout },
    circuit_open: { statusCode: 503, code: ERROR_CODES.upstreamUnavailable },
    too_large: { statusCode: 502, code: ERROR_CODES.upstreamInvalid },
    unavailable: { statusCode: 502, code: ERROR_CODES.upstreamUnavailable },
};
/** The error answered for an upstream failure; an open circuit's says Retry-After. */
export function upstreamFailureError(kind, retryAfterMs) {
    const { statusCode, code } = UPSTREAM_FAILURE_ANSWERS[kind];
    return new GatewayError(statusCode, code, undefined, null, retryAfterMs === undefined ? {} : retryAfter(retryAfterMs));
}
/**
 * The answer to an upstream HTTP status that comes without a usable envelope: a 5xx is 502
 * upstream_error, a 4xx keeps its status with the gateway's code for it, and anything else (a
 * redirect, which is never passed on, or a 2xx that is not the route's dialect) is 502
 * upstream_invalid_response.
 */
export function upstreamStatusAnswer(status) {
    if (status >= 500)
        return { statusCode: 502, code: ERROR_CODES.upstreamError };
    if (status >= 400)
        return { statusCode: status, code: codeForStatus(status) };
    return { statusCode: 502, code: ERROR_CODES.upstreamInvalid };
}
/** Fastify's own error codes that map to a specific answer. */
const FRAMEWORK_STATUS = {
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
    FST_ERR_CTP_BODY_TOO_LARGE: 413,
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
    FST_ERR_CTP_EMPTY_JSON_BODY: 400,
    FST_ERR_CTP_INVALID_TYPE: 400,
    FST_ERR_BAD_URL: 400,
};
/** The Chinese message of a request that breaks its contract: the contract's own for an empty field, else 参数错误：…. */
function validationMessage(error, request) {
    const issue = error.validation?.[0];
    if (!issue)
        return '参数错误';
    const custom = request?.routeOptions.config?.emptyFieldMessages?.[issueField(issue)];
    if (custom && (issue.keyword === 'required' || issue.keyword === 'minLength'))
        return custom;
    return `参数错误：${describeIssue(issue, error.validationContext)}`;
}
/** The status and envelope for any error; 5xx never carry the error's own text. */
export function toErrorAnswer(error, request) {
    if (error instanceof GatewayError)
        return { statusCode: error.statusCode, envelope: error.toEnvelope() };
    if (error instanceof TooDeepError)
        return { statusCode: 400, envelope: errorEnvelope(ERROR_CODES.badRequest) };
    const fastifyError = error;
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
// --- Requests Node's HTTP parser refused -------------------------------------------------
/** Answers of requests Node's HTTP parser refused before any route ran, by Node's error code. */
const PARSER_REFUSALS = {
    HPE_HEADER_OVERFLOW: { statusCode: 431, message: '请求头或网址过长' },
    ERR_HTTP_REQUEST_TIMEOUT: { statusCode: 408, message: '请求超时，请重试' },
};
/** The status and envelope of a request Node's parser refused (a malformed request otherwise: 400). */
export function parserRefusal(nodeCode) {
    const { statusCode, message } = PARSER_REFUSALS[nodeCode ?? ''] ?? { statusCode: 400, message: '请求格式有误' };
    return { statusCode, envelope: errorEnvelope(ERROR_CODES.badRequest, message) };
}
//# sourceMappingURL=errors.js.map