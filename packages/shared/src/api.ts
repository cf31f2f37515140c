import type { Static, TSchema } from 'typebox';
import type { Dialect } from './envelope.js';

/** Which configured base URL an upstream path lives on (DESIGN.md: CREDIT_API_URL, CMS_API_URL, REPORT_API_URL). */
export type UpstreamName = 'credit' | 'cms' | 'report';

/** The gateway's own endpoints (not proxied). */
export const GATEWAY_PATHS = {
  health: '/healthz',
  ready: '/readyz',
  metrics: '/metrics',
  runtimeConfig: '/runtime-config',
  cachePurge: '/admin/cache/purge',
  /** The visit-log intake; the gateway forwards its batches to the same path upstream. */
  visitLog: '/visitstatics/EncodeMsgs',
} as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a caller needs to know of an endpoint to send a call: where it is, its method and whether
 * the SPA sends the stored token. Plain data: pages import heads (`heads/<resource>.ts`), never
 * the schemas. An upstream route's head (below) is one; so is the head of a gateway endpoint of its
 * own the SPA calls (runtime config).
 */
export interface RouteHead {
  path: string;
  methods: readonly HttpMethod[];
  /** The SPA sends the stored JwtToken as a bearer token. */
  auth?: boolean;
}

/** What a route checks: the schemas of its query, JSON body and answer `data`. */
export interface RouteSchemas {
  /** The query string's schema (GET routes). */
  query?: TSchema;
  /** The JSON body's schema (POST routes). */
  body?: TSchema;
  /** The schema of the answer's `data`. */
  data?: TSchema;
}

/** A head with its schemas (`contracts/<resource>.ts`): what servers validate and serialize by. */
export interface RouteContract extends RouteHead, RouteSchemas {}

/** How long the gateway keeps a route's answers (seconds; absent: the configured defaults) and what purges them. */
export interface CacheRule {
  /** Purge handles: POST /admin/cache/purge {tags} drops every entry carrying one of them. */
  tags: readonly string[];
  /** Fresh for this long. */
  ttlSeconds?: number;
  /** Past freshness, served for this long while one refresh runs. */
  staleSeconds?: number;
  /** Past freshness, served for this long when the upstream fails (at least staleSeconds). */
  errorStaleSeconds?: number;
  /**
   * A tag made from a query parameter of the request (prefix + value), beside the fixed ones: one
   * record's entries can then be purged without the rest (e.g. penalty:123 on a penalty's details).
   */
  keyTag?: { param: string; prefix: string };
}

/**
 * The head of one upstream route: where it goes, which envelope it speaks, its rate-limit class
 * and the gateway's cache and deadline for it. The gateway's route table is these rows joined with
 * their schemas (UpstreamRoute); the credit-service serves the same rows.
 */
export interface UpstreamHead extends RouteHead {
  upstream: UpstreamName;
  /** The envelope dialect; 'binary' answers pass through untouched. */
  dialect: Dialect | 'binary';
  /** True when the path is a prefix (e.g. flipbook page images). */
  prefix?: boolean;
  /**
   * Success answers are a file (application/pdf), passed through untouched with its
   * content-type and content-disposition; errors come in the route's dialect.
   */
  fileAnswer?: boolean;
  /**
   * A test-mode or demo-only route (the H5 test login, the chat-app stand-in's identity list):
   * left out of the API documentation (/docs) of both services, which shows what a deployment
   * offers, not what a test bench turns on.
   */
  testOnly?: boolean;
  /**
   * Answers carry the upstream's ETag and Last-Modified; the gateway keeps them (in its cache too)
   * and answers a matching If-None-Match / If-Modified-Since with 304 (the open-data API).
   */
  conditional?: boolean;
  /** The /docs tag of the row; default: its upstream's name. */
  tag?: string;
  /**
   * The rate-limit class both services apply per client address (absent: 'default'). 'strict':
   * every call that checks a password, an SMS code or a token, mints a login or a token, sends an
   * SMS or a mail, or renders a report, and the unbounded searches. 'opendata': the open-data API,
   * one quota per client over all of it at the gateway.
   */
  rateLimit?: RateLimitClass;
  /** The gateway caches the answers (absent: never cached, x-cache: BYPASS). */
  cache?: CacheRule;
  /** The gateway's upstream deadline for the route (absent: UPSTREAM_TIMEOUT_MS). */
  timeoutMs?: number;
  /**
   * The answers are a person's (the H5 app, accounts, the report upstream): never kept by a cache,
   * a binary one included.
   */
  personal?: boolean;
}

/** The schemas of an upstream route, beside RouteSchemas: its upload fields and its empty-field messages. */
export interface UpstreamSchemas extends RouteSchemas {
  /** The message for a field that is missing or empty, instead of the generic one (spec §8). */
  emptyFieldMessages?: Readonly<Record<string, string>>;
  /**
   * A multipart/form-data route (file uploads): the schema of its text fields. The gateway streams
   * the body through within UPLOAD_MAX_REQUEST_BYTES; the upstream validates fields and files.
   */
  multipartFields?: TSchema;
}

/**
 * One upstream route and its contract: its head joined with its schemas. The gateway validates
 * requests with the query and body schemas before any upstream call and serializes answers by the
 * data schema; the credit-service serves the route with the same schemas; the SPA's fetchers take
 * their types from them (ContractQuery, ContractBody, ContractData) by `import type`.
 */
export interface UpstreamRoute extends UpstreamHead, UpstreamSchemas {}

/** The rate-limit class of a contract row (UpstreamHead.rateLimit). */
export type RateLimitClass = 'default' | 'strict' | 'opendata';

/** A row's rate-limit class, 'default' when it names none. */
export const rateLimitOf = (route: Pick<UpstreamHead, 'rateLimit'>): RateLimitClass => route.rateLimit ?? 'default';

/** Keeps a head's exact literal types (the SPA's calls are typed by them) while checking it is an upstream head. */
export const defineHead = <const H extends UpstreamHead>(head: H): H => head;

/** Like defineHead, for an endpoint of the gateway's own (no upstream, no dialect: it answers the normalized envelope). */
export const defineGatewayHead = <const H extends RouteHead>(head: H): H => head;

/** An upstream route: its head joined with its schemas, keeping the exact types of both. */
export const defineRoute = <const H extends UpstreamHead, const S extends UpstreamSchemas = Record<never, never>>(
  head: H,
  schemas?: S,
): H & S => ({ ...head, ...schemas }) as H & S;

/** Like defineRoute, for an endpoint of the gateway's own. */
export const defineContract = <const H extends RouteHead, const S extends RouteSchemas = Record<never, never>>(
  head: H,
  schemas?: S,
): H & S => ({ ...head, ...schemas }) as H & S;

type SchemaOf<R, K extends 'query' | 'body' | 'data'> = R extends { [P in K]: infer S extends TSchema } ? S : never;

/** The query a route takes (undefined when it takes none). */
export type ContractQuery<R extends RouteContract> = [SchemaOf<R, 'query'>] extends [never]
  ? undefined
  : Static<SchemaOf<R, 'query'>>;
/** The JSON body a route takes (undefined when it takes none). */
export type ContractBody<R extends RouteContract> = [SchemaOf<R, 'body'>] extends [never]
  ? undefined
  : Static<SchemaOf<R, 'body'>>;
/** The `data` of a route's answer. */
export type ContractData<R extends RouteContract> = [SchemaOf<R, 'data'>] extends [never]
  ? unknown
  : Static<SchemaOf<R, 'data'>>;

/**
 * Names of user tokens (headers, query parameters, body fields; compared in lower case). A
 * request carrying one is never cached by the gateway, and logs never show their values.
 */
export const USER_TOKEN_FIELDS: readonly string[] = [
  'authorization',
  'jwttoken',
  'infotoken',
  'certtoken',
  'logintoken',
  'gtxytoken',
  'izgtxytoken',
  // The H5 login's PKCE-like verifier (its code rides only in H5 bodies, which are never cached).
  'verifier',
];
