import {
  API_PATHS,
  ERROR_CODES,
  ERROR_MESSAGES,
  GATEWAY_PATHS,
  errorEnvelope,
  type ContractData,
  type Envelope,
  type ErrorCode,
  type RuntimeConfig,
  type UpstreamRoute,
} from '@credit-portal/shared';
import { vi } from 'vitest';
import { TEST_RUNTIME_CONFIG } from './test-providers';

/*
 * The gateway as the SPA's API client sees it, at the client's edge: `fetch` is stubbed and
 * answers with the normalized envelope of packages/shared (the gateway's own shape), from the
 * data each test gives for the routes it needs, typed by the route's contract. No server runs.
 * A call to a route the test did not give answers 404 not_found, as the gateway does for an
 * unknown path; every call is recorded for the test to read.
 */

/** One call the page made, as the gateway would have received it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
  /** The multipart body of an upload; null for a JSON call. */
  form: FormData | null;
  headers: Headers;
}

/** An answer other than a successful envelope: an error envelope with its status, or a file. */
export class FakeReply {
  constructor(
    readonly status: number,
    readonly envelope: Envelope | null,
    readonly file?: { bytes: Uint8Array; type: string; fileName: string },
  ) {}
}

/** The gateway's error answer: its code, the Chinese message (its own by default) and the status. */
export function failure(status: number, code: ErrorCode | number | string, message?: string): FakeReply {
  const text = message ?? ERROR_MESSAGES[code as ErrorCode] ?? ERROR_MESSAGES.internal_error;
  return new FakeReply(status, { ok: false, code, message: text, data: null });
}

/** A record that does not exist (the upstream's ErrorCode 404, passed on with HTTP 404). */
export const notFound = (message = '未找到该记录'): FakeReply => failure(404, 404, message);

/** An upstream that failed (a 5xx): the gateway's 502 upstream_error. */
export const upstreamError = (): FakeReply => failure(502, ERROR_CODES.upstreamError);

/** A file answer (a report PDF), passed through untouched as the gateway does. */
export const fileReply = (bytes: Uint8Array, fileName: string, type = 'application/pdf'): FakeReply =>
  new FakeReply(200, null, { bytes, type, fileName });

type Answer = unknown;
type Handler = (request: FakeRequest) => Answer | Promise<Answer>;

export interface FakeGateway {
  /** Answers a route of CONTRACTS with its data (typed by the contract), or a FakeReply. */
  on<R extends UpstreamRoute>(
    route: R,
    handler: (request: FakeRequest) => NoInfer<ContractData<R> | FakeReply | Promise<ContractData<R> | FakeReply>>,
  ): FakeGateway;
  /** Answers a path, whatever the method, that the SPA calls without a contract row (the home page's highlight calls). */
  onPath(path: string, handler: Handler): FakeGateway;
  /** The calls made so far, to one path or to all. */
  calls(path?: string): FakeRequest[];
  /** The runtime configuration it serves at /runtime-config. */
  config: RuntimeConfig;
}

const json = (status: number, envelope: Envelope): Response =>
  new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });

function parseBody(body: BodyInit | null | undefined): { body: unknown; form: FormData | null } {
  if (body === undefined || body === null) return { body: undefined, form: null };
  if (typeof body === 'string') return { body: JSON.parse(body) as unknown, form: null };
  if (body instanceof FormData) return { body: undefined, form: body };
  throw new Error(`the fake gateway reads JSON and multipart bodies only, not ${String(body)}`);
}

/**
 * Stubs `fetch` with a fake gateway for the current test (undone by vi.unstubAllGlobals). The
 * runtime configuration and the visit-log intake (202) answer by default.
 */
export function fakeGateway(config: RuntimeConfig = TEST_RUNTIME_CONFIG): FakeGateway {
  const handlers = new Map<string, Handler>();
  const made: FakeRequest[] = [];
  handlers.set(`* ${GATEWAY_PATHS.runtimeConfig}`, () => config);

  async function answer(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      ...parseBody(init.body),
      headers: new Headers(init.headers),
    };
    made.push(request);
    if (url.pathname === API_PATHS.visitLog) return new Response('{}', { status: 202 });
    const handler = handlers.get(`${request.method} ${url.pathname}`) ?? handlers.get(`* ${url.pathname}`);
    if (!handler) return json(404, errorEnvelope(ERROR_CODES.notFound));
    const result = await handler(request);
    if (!(result instanceof FakeReply)) return json(200, { ok: true, code: 200, message: '', data: result });
    if (result.file) {
      return new Response(result.file.bytes as BodyInit, {
        status: result.status,
        headers: {
          'content-type': result.file.type,
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(result.file.fileName)}`,
        },
      });
    }
    return json(result.status, result.envelope!);
  }

  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => answer(input, init)),
  );

  const gateway: FakeGateway = {
    on(route, handler) {
      // By method too: two rows may share a path (GET and POST /user/entpromise).
      for (const method of route.methods) handlers.set(`${method} ${route.path}`, handler as Handler);
      return gateway;
    },
    onPath(path, handler) {
      handlers.set(`* ${path}`, handler);
      return gateway;
    },
    calls: (path) => (path === undefined ? [...made] : made.filter((call) => call.path === path)),
    config,
  };
  return gateway;
}
