import {
  ERROR_CODES,
  ERROR_MESSAGES,
  MESSAGES,
  STORAGE_KEYS,
  type ContractBody,
  type ContractData,
  type ContractOf,
  type ContractQuery,
  type Envelope,
  type HttpMethod,
  type RouteHead,
} from '@credit-portal/shared';
import { appNavigate } from './app-bridge';
import { feedback } from './feedback';
import { takeOpeningResponse, type OpeningRequest } from './opening-request';
import { paths } from './paths';
import { readStorage, removeStorage } from './storage';

/** Codes the client itself raises, beside the gateway's ERROR_CODES and the upstream's own codes. */
export const CLIENT_ERROR_CODES = {
  network: 'network_error',
  timeout: 'client_timeout',
  invalidResponse: 'invalid_response',
} as const;

const CLIENT_MESSAGES = {
  network_error: '网络连接失败，请检查网络后重试',
  client_timeout: '请求超时，请稍后再试',
  invalid_response: ERROR_MESSAGES.upstream_invalid_response,
  fallback: ERROR_MESSAGES.internal_error,
} as const;

/** The spec's client timeout (§7): long on purpose; the gateway's own upstream timeouts are short. */
export const CLIENT_TIMEOUT_MS = 1_000_000;

/** A failed call: the envelope's code and message, and the HTTP status (0 when nothing came back). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: number | string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data instead of a JSON body (uploads). */
  formData?: FormData;
  /** A user token, sent as a bearer token. */
  token?: string;
  /** Send the stored JwtToken as the bearer token (spec §7: a GET with the token read from storage). */
  auth?: boolean;
  timeoutMs?: number;
}

function buildUrl(path: string, query: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  // Same origin: the gateway serves the SPA.
  return `${path}${text ? `?${text}` : ''}`;
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.ok === 'boolean' &&
    (typeof record.code === 'number' || typeof record.code === 'string') &&
    typeof record.message === 'string' &&
    'data' in record
  );
}

/**
 * The not-logged-in rule of spec §7, in this one place: tell the user, forget the real-name
 * authentication and send them to the tips page.
 */
export function handleNotLoggedIn(): void {
  feedback.message.error({ content: MESSAGES.notRealNameLoggedIn, key: ERROR_CODES.notLoggedIn });
  removeStorage(STORAGE_KEYS.realAuthInfo);
  appNavigate(paths.realNameTips);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ApiError(CLIENT_ERROR_CODES.timeout, CLIENT_MESSAGES.client_timeout, 0)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A request as it goes on the wire, for a JSON request without a user token (a page's opening
 * request: lib/opening-request.ts; the prerender writes it into the frame the same way).
 */
export function wireRequest(path: string, options: Pick<RequestOptions, 'method' | 'query' | 'body'>): OpeningRequest {
  const request: OpeningRequest = { method: options.method ?? 'GET', url: buildUrl(path, options.query) };
  if (options.body !== undefined) request.body = JSON.stringify(options.body);
  return request;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined && !options.formData) headers['Content-Type'] = 'application/json';
  const token = options.token ?? (options.auth ? readStorage(STORAGE_KEYS.jwtToken) : null);
  if (token) headers.Authorization = `Bearer ${token}`;
  const wire = wireRequest(path, options);
  try {
    // The same request started by the pre-rendered page before the app ran: its answer.
    const opening = token || options.formData ? undefined : takeOpeningResponse(wire);
    if (opening) return await opening;
    return await fetch(wire.url, {
      method: wire.method,
      headers,
      // A FormData body sets its own multipart Content-Type with the boundary.
      body: options.formData ?? wire.body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(CLIENT_ERROR_CODES.network, CLIENT_MESSAGES.network_error, 0);
  }
}

/**
 * The one way the SPA calls the gateway: sends the request and unwraps the normalized envelope
 * into its data, or throws an ApiError carrying the envelope's code and message.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(path, options)).data;
}

/** Like request(), keeping the successful envelope whole (its message is the upstream's own text). */
async function requestEnvelope<T>(path: string, options: RequestOptions): Promise<Envelope<T>> {
  const response = await withTimeout(send(path, options), options.timeoutMs ?? CLIENT_TIMEOUT_MS);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, CLIENT_MESSAGES.invalid_response, response.status);
  }
  if (!isEnvelope(body)) {
    throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, CLIENT_MESSAGES.invalid_response, response.status);
  }
  if (body.ok && response.ok) return body as Envelope<T>;
  if (body.code === ERROR_CODES.notLoggedIn) handleNotLoggedIn();
  throw new ApiError(body.code, body.message || CLIENT_MESSAGES.fallback, response.status);
}

/** A file the gateway passed through untouched (spec: binary answers), with the name it was sent under. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (filename* first); '' when the answer named none. */
  fileName: string;
}

function fileNameOf(disposition: string | null): string {
  if (!disposition) return '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed name: fall back to the plain one.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? '';
}

/**
 * Like request(), for an answer that is a file (a PDF): a failure still comes as the normalized
 * envelope and throws the same ApiError, with the not-logged-in rule applied.
 */
export async function requestFile(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const response = await withTimeout(send(path, options), options.timeoutMs ?? CLIENT_TIMEOUT_MS);
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('application/json')) {
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
  }
  // A JSON answer is an envelope: request's own unwrapping tells the error (or the odd success) apart.
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, CLIENT_MESSAGES.invalid_response, response.status);
  }
  if (isEnvelope(body) && body.code === ERROR_CODES.notLoggedIn) handleNotLoggedIn();
  const message = isEnvelope(body) && body.message ? body.message : CLIENT_MESSAGES.fallback;
  throw new ApiError(isEnvelope(body) ? body.code : CLIENT_ERROR_CODES.invalidResponse, message, response.status);
}

/** True when retrying cannot help: the request itself was refused (4xx) or the user must log in. */
export function isPermanentError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === ERROR_CODES.notLoggedIn) return true;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/** A message fit to show a citizen for any error a hook may hold. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return CLIENT_MESSAGES.fallback;
}

/**
 * What a call of the route with head H takes, as its contract row (ContractOf, by `import type`
 * only: the schemas never reach a page) has it.
 */
export interface CallOptions<H extends RouteHead> {
  /** The query, as the route's contract has it. */
  query?: ContractQuery<ContractOf<H>>;
  /** The JSON body, as the route's contract has it. */
  body?: ContractBody<ContractOf<H>>;
  /** A user token other than the stored one (e.g. the phone's own login), sent as a bearer token. */
  token?: string;
  /** A multipart body (the route's upload), sent instead of `body`. */
  formData?: FormData;
  timeoutMs?: number;
}

/** The `data` of the answer of the route with head H. */
export type AnswerOf<H extends RouteHead> = ContractData<ContractOf<H>>;

/** The request a call makes: the head's method and token rule, the caller's query, body and token. */
function requestOf(
  head: Pick<RouteHead, 'methods' | 'auth'>,
  options: { query?: unknown; body?: unknown; token?: string; formData?: FormData; timeoutMs?: number },
): RequestOptions {
  return {
    method: head.methods[0],
    query: options.query as QueryParams | undefined,
    body: options.body,
    formData: options.formData,
    token: options.token,
    auth: head.auth === true,
    timeoutMs: options.timeoutMs,
  };
}

/** A call by a route's head as it goes on the wire: a page's opening request. */
export function wireRequestOf<H extends RouteHead>(head: H, options: NoInfer<CallOptions<H>> = {}): OpeningRequest {
  return wireRequest(head.path, requestOf(head, options));
}

/**
 * Calls an upstream route by its head (one resource's file of packages/shared,
 * `@credit-portal/shared/heads/<resource>`): the method and the bearer token rule come from the
 * head, the types of query, body and answer from its contract row.
 */
export function call<H extends RouteHead>(
  head: H,
  options: NoInfer<CallOptions<H>> = {},
): Promise<NoInfer<AnswerOf<H>>> {
  return request<AnswerOf<H>>(head.path, requestOf(head, options));
}

/** Like call(), with the answer's message too (a sender's own success text, shown to the person). */
export async function callWithMessage<H extends RouteHead>(
  head: H,
  options: NoInfer<CallOptions<H>> = {},
): Promise<{ data: NoInfer<AnswerOf<H>>; message: string }> {
  const envelope = await requestEnvelope<AnswerOf<H>>(head.path, requestOf(head, options));
  return { data: envelope.data, message: envelope.message };
}

/** Calls an upstream route whose answer is a file (a report PDF), by its head like call(). */
export function callFile<H extends RouteHead>(head: H, options: NoInfer<CallOptions<H>> = {}): Promise<DownloadedFile> {
  return requestFile(head.path, requestOf(head, options));
}
