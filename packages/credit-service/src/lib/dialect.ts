import { Type, type TSchema } from 'typebox';
import {
  API_PATHS,
  ErrorCodeEnvelope,
  MsgEnvelope,
  SUCCESS_CODE,
  UPSTREAM_ROUTES,
  type Dialect,
} from '@credit-portal/shared';

/**
 * How a route answers: the CMS speaks `{ status, msg, data }`, the credit data API
 * `{ ErrorCode, Data, Msg }`; the district detail calls spell the message `msg` (spec §7).
 */
export type ReplyDialect =
  | { kind: 'msg' }
  | { kind: 'errorCode'; messageKey: 'Msg' | 'msg' }
  // The H5 app's dialects (spec §7): { Success, Data, Msg }, { successful, msg, data }, { Data: { Status }, Msg }.
  | { kind: 'success' }
  | { kind: 'successful' }
  | { kind: 'status' };

const MSG: ReplyDialect = { kind: 'msg' };
const ERROR_CODE: ReplyDialect = { kind: 'errorCode', messageKey: 'Msg' };
const ERROR_CODE_LOWER: ReplyDialect = { kind: 'errorCode', messageKey: 'msg' };

/** Routes whose errorCode answers carry a lowercase `msg` (spec §7, district detail calls). */
const LOWERCASE_MSG_PATHS: ReadonlySet<string> = new Set([
  API_PATHS.districtLicenceDetail,
  API_PATHS.districtPenaltyDetail,
]);

function fromDialect(path: string, dialect: Dialect | 'binary'): ReplyDialect {
  if (dialect === 'msg') return MSG;
  if (dialect === 'errorCode') return LOWERCASE_MSG_PATHS.has(path) ? ERROR_CODE_LOWER : ERROR_CODE;
  if (dialect === 'success' || dialect === 'successful' || dialect === 'status') return { kind: dialect };
  // Binary routes answer their errors in the dialect of the system they belong to.
  return path.toLowerCase().startsWith('/cms') ? MSG : ERROR_CODE;
}

/**
 * The dialect of a URL path, read from the shared route table; paths outside it (unknown
 * addresses) answer like the system whose prefix they carry.
 */
export function dialectOfPath(path: string): ReplyDialect {
  const route =
    UPSTREAM_ROUTES.find((r) => !r.prefix && r.path === path) ??
    UPSTREAM_ROUTES.find((r) => r.prefix && path.startsWith(r.path));
  if (route) return fromDialect(route.path, route.dialect);
  return path.toLowerCase().startsWith('/cms') ? MSG : ERROR_CODE;
}

/** A success answer of the CMS dialect. */
export function msgOk<T>(data: T): { status: number; msg: string; data: T } {
  return { status: SUCCESS_CODE, msg: 'ok', data };
}

/** A success answer of the credit-API dialect. */
export function errorCodeOk<T>(data: T, message = '', messageKey: 'Msg' | 'msg' = 'Msg') {
  return { ErrorCode: SUCCESS_CODE, Data: data, [messageKey]: message } as {
    ErrorCode: number;
    Data: T;
    Msg?: string;
    msg?: string;
  };
}

/** An error answer (data null) in the given dialect. */
export function errorBody(dialect: ReplyDialect, code: number, message: string): Record<string, unknown> {
  switch (dialect.kind) {
    case 'msg':
      return { status: code, msg: message, data: null };
    case 'errorCode':
      return { ErrorCode: code, Data: null, [dialect.messageKey]: message };
    case 'success':
      return { Success: false, Data: null, Msg: message };
    case 'successful':
      return { successful: false, msg: message, data: null };
    case 'status':
      return { Data: null, Msg: message };
  }
}

const MsgErrorSchema = MsgEnvelope(Type.Null());
const ErrorCodeErrorSchema = ErrorCodeEnvelope(Type.Null());

/** Response schemas of a CMS route: its data on 200, the dialect's error body otherwise. */
export function msgResponses<T extends TSchema>(data: T) {
  return { 200: MsgEnvelope(data), '4xx': MsgErrorSchema, '5xx': MsgErrorSchema };
}

/** Response schemas of a credit-API route. */
export function errorCodeResponses<T extends TSchema>(data: T) {
  return { 200: ErrorCodeEnvelope(data), '4xx': ErrorCodeErrorSchema, '5xx': ErrorCodeErrorSchema };
}

/** A success answer of the H5 user API ({ Success, Data, Msg }). */
export function successOk<T>(data: T, message = 'ok') {
  return { Success: true, Data: data, Msg: message };
}

const nullable = <T extends TSchema>(data: T) => Type.Union([data, Type.Null()]);
const SuccessSchema = <T extends TSchema>(data: T) =>
  Type.Object({ Success: Type.Boolean(), Data: nullable(data), Msg: Type.String() });
const SuccessfulSchema = <T extends TSchema>(data: T) =>
  Type.Object({ successful: Type.Boolean(), msg: Type.String(), data: Type.Optional(nullable(data)) });
const StatusSchema = <T extends TSchema>(data: T) => Type.Object({ Data: nullable(data), Msg: Type.String() });

/** Response schemas of an H5 user-API route (Data null on a refusal). */
export function successResponses<T extends TSchema>(data: T) {
  const error = SuccessSchema(Type.Null());
  return { 200: SuccessSchema(data), '4xx': error, '5xx': error };
}

/** Response schemas of the mail sender's route. */
export function successfulResponses<T extends TSchema>(data: T) {
  const error = SuccessfulSchema(Type.Null());
  return { 200: SuccessfulSchema(data), '4xx': error, '5xx': error };
}

/** Response schemas of a report-service route (Data.Status 10 = ready / sent). */
export function statusResponses<T extends TSchema>(data: T) {
  const error = StatusSchema(Type.Null());
  return { 200: StatusSchema(data), '4xx': error, '5xx': error };
}

/** Error responses only, for routes whose success answer is not JSON (images). */
export function errorResponsesOf(path: string) {
  return dialectOfPath(path).kind === 'msg'
    ? { '4xx': MsgErrorSchema, '5xx': MsgErrorSchema }
    : { '4xx': ErrorCodeErrorSchema, '5xx': ErrorCodeErrorSchema };
}
