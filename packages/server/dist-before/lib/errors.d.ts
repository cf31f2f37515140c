/**
 * The gateway's errors, all in one place: the error it throws on purpose (GatewayError), the
 * upstream failures its client throws, and how any of them — or a framework error, or a request
 * Node's parser refused — becomes an HTTP status and the normalized error envelope with one of
 * the shared, stable snake_case ERROR_CODES. The handlers (plugins/error-handler.ts) only send
 * what this module maps.
 */
import type { FastifyError, FastifyRequest } from 'fastify';
import { type Envelope, type ErrorCode, type UpstreamName } from '@credit-portal/shared';
/**
 * An error the gateway answers on purpose: an HTTP status, a stable code and a Chinese message
 * that are safe to show. Handlers throw it; the one error handler turns it into the envelope.
 */
export declare class GatewayError extends Error {
    readonly statusCode: number;
    readonly code: ErrorCode | number | string;
    readonly data: unknown;
    /** Headers the answer carries (e.g. Retry-After of a 503). */
    readonly headers: Readonly<Record<string, string>>;
    constructor(statusCode: number, code: ErrorCode | number | string, message?: string, data?: unknown, 
    /** Headers the answer carries (e.g. Retry-After of a 503). */
    headers?: Readonly<Record<string, string>>);
    /** The normalized envelope of this error. */
    toEnvelope(): Envelope<unknown>;
}
/** A status and the gateway's code to answer it with. */
export interface ErrorAnswerCode {
    statusCode: number;
    code: ErrorCode;
}
/** A Retry-After header for a wait in ms (whole seconds, at least 1). */
export declare function retryAfter(ms: number): Record<string, string>;
/** True for one of the gateway's own error codes. */
export declare function isErrorCode(value: unknown): value is ErrorCode;
/** The gateway's own code for an HTTP status it answers without an upstream envelope. */
export declare function codeForStatus(status: number): ErrorCode;
export type UpstreamFailureKind = 'timeout' | 'unavailable' | 'circuit_open' | 'too_large';
/** An upstream call that produced no usable HTTP answer (thrown by the upstream client). */
export declare class UpstreamFailure extends Error {
    readonly upstream: UpstreamName;
    readonly kind: UpstreamFailureKind;
    /** circuit_open: when the circuit lets its next trial call through. */
    readonly retryAfterMs?: number | undefined;
    constructor(upstream: UpstreamName, kind: UpstreamFailureKind, message: string, 
    /** circuit_open: when the circuit lets its next trial call through. */
    retryAfterMs?: number | undefined);
}
/** The gateway's answer to each kind of upstream failure (JSON routes and binary routes alike). */
export declare const UPSTREAM_FAILURE_ANSWERS: Readonly<Record<UpstreamFailureKind, ErrorAnswerCode>>;
/** The error answered for an upstream failure; an open circuit's says Retry-After. */
export declare function upstreamFailureError(kind: UpstreamFailureKind, retryAfterMs?: number): GatewayError;
/**
 * The answer to an upstream HTTP status that comes without a usable envelope: a 5xx is 502
 * upstream_error, a 4xx keeps its status with the gateway's code for it, and anything else (a
 * redirect, which is never passed on, or a 2xx that is not the route's dialect) is 502
 * upstream_invalid_response.
 */
export declare function upstreamStatusAnswer(status: number): ErrorAnswerCode;
declare module 'fastify' {
    interface FastifyContextConfig {
        /** The contract's messages for a missing or empty field (e.g. 请输入关键字查询), instead of the generic one. */
        emptyFieldMessages?: Readonly<Record<string, string>>;
    }
}
/** The status and envelope for any error; 5xx never carry the error's own text. */
export declare function toErrorAnswer(error: FastifyError | GatewayError | Error, request?: FastifyRequest): {
    statusCode: number;
    envelope: Envelope<unknown>;
};
/** The status and envelope of a request Node's parser refused (a malformed request otherwise: 400). */
export declare function parserRefusal(nodeCode: string | undefined): {
    statusCode: number;
    envelope: Envelope<null>;
};
