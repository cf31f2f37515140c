import { Type, type Static, type TSchema } from 'typebox';
import { H5_SUCCESS_STATUS, MESSAGES, SUCCESS_CODE } from './constants.js';

/**
 * The legacy response envelopes of spec §7, as the centre's systems answer. The gateway turns
 * each into the one normalized envelope below; `dialect` names which one a route speaks.
 */
export const DIALECTS = ['errorCode', 'msg', 'success', 'successful', 'status'] as const;
export type Dialect = (typeof DIALECTS)[number];

/** { ErrorCode, Data, Msg }: the credit data API (ErrorCode 200 = success). Licence/penalty detail use `msg`. */
export const ErrorCodeEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({
    ErrorCode: Type.Number(),
    Data: data,
    Msg: Type.Optional(Type.String()),
    msg: Type.Optional(Type.String()),
  });
export type ErrorCodeEnvelopeOf<T> = { ErrorCode: number; Data: T; Msg?: string; msg?: string };

/** { status, msg, data }: the CMS (status 200 = success; errors in data.msg per spec §8). */
export const MsgEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({ status: Type.Number(), msg: Type.String(), data });
export type MsgEnvelopeOf<T> = { status: number; msg: string; data: T };

/** { Success, Data, Msg }: the H5 user API. */
export const SuccessEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({ Success: Type.Boolean(), Data: data, Msg: Type.String() });
export type SuccessEnvelopeOf<T> = { Success: boolean; Data: T; Msg: string };

/** { successful, msg, data }: the mail sender. */
export type SuccessfulEnvelopeOf<T> = { successful: boolean; msg: string; data?: T };

/** { Data: { Status, Data }, Msg }: the report service (Status 10 = ready / sent). */
export type StatusEnvelopeOf<T> = { Data: { Status: number; Data?: T } | null; Msg: string };

/** The one envelope every JSON answer of the gateway has. `code` keeps the upstream's own code. */
export const NormalizedEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({
    ok: Type.Boolean(),
    code: Type.Union([Type.Number(), Type.String()]),
    message: Type.String(),
    data,
  });
export type Envelope<T = unknown> = { ok: boolean; code: number | string; message: string; data: T };

/** The schema of a normalized error (data null). */
export const ErrorEnvelopeSchema = NormalizedEnvelope(Type.Null());
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>;

/** Stable codes of errors that the gateway itself raises (the upstream's own codes pass through). */
export const ERROR_CODES = {
  badRequest: 'bad_request',
  notFound: 'not_found',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  unauthorized: 'unauthorized',
  /** The 用户未登录！ rule of spec §7, answered with HTTP 401. */
  notLoggedIn: 'not_logged_in',
  upstreamError: 'upstream_error',
  upstreamUnavailable: 'upstream_unavailable',
  upstreamTimeout: 'upstream_timeout',
  upstreamInvalid: 'upstream_invalid_response',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Chinese messages for the gateway's own errors. */
export const ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = {
  bad_request: '请求参数有误',
  not_found: '请求的地址不存在',
  payload_too_large: '请求内容过大',
  unsupported_media_type: '不支持的请求格式',
  rate_limited: '访问过于频繁，请稍后再试',
  unauthorized: '未授权的访问',
  not_logged_in: MESSAGES.notRealNameLoggedIn,
  upstream_error: '服务暂时出现问题，请稍后再试',
  upstream_unavailable: '服务暂时不可用，请稍后再试',
  upstream_timeout: '服务响应超时，请稍后再试',
  upstream_invalid_response: '服务返回了无法识别的数据',
  internal_error: '系统繁忙，请稍后再试',
};

/** Builds a normalized error envelope. */
export function errorEnvelope(code: ErrorCode, message: string = ERROR_MESSAGES[code]): Envelope<null> {
  return { ok: false, code, message, data: null };
}

type Loose = Record<string, unknown>;
const isRecord = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Turns a legacy answer into the normalized envelope. Returns null when the body is not of the
 * dialect at all (the caller answers upstream_invalid_response). An answer whose message is
 * 用户未登录！ becomes the not_logged_in error, whatever its dialect.
 */
export function normalizeEnvelope(dialect: Dialect, body: unknown): Envelope | null {
  if (!isRecord(body)) return null;
  let result: Envelope;
  switch (dialect) {
    case 'errorCode': {
      if (typeof body.ErrorCode !== 'number' && typeof body.ErrorCode !== 'string') return null;
      const code = Number(body.ErrorCode);
      result = { ok: code === SUCCESS_CODE, code, message: text(body.Msg) || text(body.msg), data: body.Data ?? null };
      break;
    }
    case 'msg': {
      if (typeof body.status !== 'number' && typeof body.status !== 'string') return null;
      const code = Number(body.status);
      const inner = isRecord(body.data) ? text(body.data.msg) : '';
      result = { ok: code === SUCCESS_CODE, code, message: text(body.msg) || inner, data: body.data ?? null };
      break;
    }
    case 'success': {
      if (typeof body.Success !== 'boolean') return null;
      result = {
        ok: body.Success,
        code: body.Success ? SUCCESS_CODE : 'failed',
        message: text(body.Msg),
        data: body.Data ?? null,
      };
      break;
    }
    case 'successful': {
      if (typeof body.successful !== 'boolean') return null;
      result = {
        ok: body.successful,
        code: body.successful ? SUCCESS_CODE : 'failed',
        message: text(body.msg),
        data: body.data ?? null,
      };
      break;
    }
    case 'status': {
      if (!('Data' in body)) return null;
      const status = isRecord(body.Data) ? Number(body.Data.Status) : NaN;
      result = {
        ok: status === H5_SUCCESS_STATUS,
        code: Number.isNaN(status) ? 'failed' : status,
        message: text(body.Msg),
        data: body.Data ?? null,
      };
      break;
    }
  }
  if (result.message === MESSAGES.notLoggedInUpstream) return errorEnvelope(ERROR_CODES.notLoggedIn);
  return result;
}
