import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import {
  ERROR_MESSAGES,
  rateLimitOf,
  UPSTREAM_ROUTES,
  type RateLimitClass,
  type UpstreamRoute,
} from '@credit-portal/shared';
import { TooManyRequestsError } from '../lib/errors.js';

/** Per-client limits of the limited routes: requests per window, from one address. */
export interface RateLimitSettings {
  /** 'default' rows: every other API call, pages and polls. */
  max: number;
  /** 'strict' rows: calls that check a secret, mint a login or token, send a message, render a report or search. */
  strictMax: number;
  windowMs: number;
}

/** The gateway's defaults (RATE_LIMIT_MAX, RATE_LIMIT_STRICT_MAX, RATE_LIMIT_WINDOW_MS): per minute, 600 and 60. */
export const DEFAULT_RATE_LIMITS: Readonly<RateLimitSettings> = Object.freeze({
  max: 600,
  strictMax: 60,
  windowMs: 60_000,
});

export type LimitClass = 'default' | 'strict';

/** One row: a route's URL pattern (exact, or a pattern of a family of paths), its methods (all when absent), its class. */
interface LimitRow {
  url: string | RegExp;
  methods?: readonly string[];
  limit: LimitClass;
}

/**
 * The class here of a contract row's class. 'opendata' is counted as 'default': the gateway's one
 * quota over the whole open-data API is kept in front (most of it answered from its cache); here
 * each open-data route counts per client with the default max, which stays above that quota.
 */
const serviceClassOf = (rateLimit: RateLimitClass): LimitClass => (rateLimit === 'strict' ? 'strict' : 'default');

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One row per contract row, in its class: its methods (HEAD with GET, which Fastify answers by the
 * GET handler) at its path (a prefix row: every address under it). Then one row per path, in the
 * strictest class of its rows, for a method a route file adds beyond its contract.
 */
function contractRows(routes: readonly UpstreamRoute[]): LimitRow[] {
  const own: LimitRow[] = [];
  const perPath = new Map<string, LimitRow>();
  for (const route of routes) {
    const url = route.prefix ? new RegExp(`^${escapeRegExp(route.path)}`) : route.path;
    const limit = serviceClassOf(rateLimitOf(route));
    own.push({ url, methods: route.methods.includes('GET') ? [...route.methods, 'HEAD'] : route.methods, limit });
    if (perPath.get(route.path)?.limit !== 'strict') perPath.set(route.path, { url, limit });
  }
  return [...own, ...perPath.values()];
}

/** The contract rows, as this plugin matches them: the class of every row at its methods and path. */
const CONTRACT_ROWS = contractRows(UPSTREAM_ROUTES);

/**
 * The class of a route as registered (its method and URL pattern): a contract row's (the same row
 * the gateway reads, so the two services cannot drift apart), else what the route's own config
 * says (`config: { limitClass }`: the HTML pages of the forms that check a password or a token, the
 * review endpoint), else null: not limited here.
 */
export function limitOf(method: string, url: string, own?: LimitClass): LimitClass | null {
  const row = CONTRACT_ROWS.find(
    (candidate) =>
      (typeof candidate.url === 'string' ? candidate.url === url : candidate.url.test(url)) &&
      (!candidate.methods || candidate.methods.includes(method)),
  );
  return row?.limit ?? own ?? null;
}

/** Addresses each limited route counts (least recently seen dropped first); the plugin's default is 5,000. */
const ADDRESSES_PER_ROUTE = 50_000;

/** Counts one more request of a client on one route (@fastify/rate-limit's createRateLimit). */
type ClientLimiter = ReturnType<FastifyInstance['createRateLimit']>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The class of a route that has no contract row: 'strict' for a form that checks a secret. */
    limitClass?: LimitClass;
    /** The route's per-client limiter (set by plugins/rate-limits.ts). */
    clientLimiter?: ClientLimiter;
  }
}

/**
 * The service's own rate limits (@fastify/rate-limit's counters, in memory): each route in its
 * class (limitOf), per route and per client address — request.ip, which believes the
 * X-Forwarded-For of TRUSTED_PROXIES only, so behind the gateways each citizen has their own
 * count and nobody can pose as another. Registered before the routes: an onRoute hook gives each
 * matching route its limiter, and one onRequest hook of the app — which runs before any route's
 * own hooks, a login or review-token check included — counts the request and refuses it past the
 * limit with a TooManyRequestsError, which the error handler answers in the route's dialect.
 */
export default fp<{ limits: RateLimitSettings }>(
  async (app, { limits }) => {
    await app.register(rateLimit, { global: false });
    app.addHook('onRoute', (route: RouteOptions) => {
      const limit = limitOf(
        [route.method].flat()[0]!,
        route.url,
        (route.config as { limitClass?: LimitClass } | undefined)?.limitClass,
      );
      if (!limit) return;
      const options = {
        max: limit === 'strict' ? limits.strictMax : limits.max,
        timeWindow: limits.windowMs,
        cache: ADDRESSES_PER_ROUTE,
      };
      route.config = { ...route.config, clientLimiter: app.createRateLimit(options) };
    });
    app.addHook('onRequest', async (request, reply) => {
      const limiter = request.routeOptions.config.clientLimiter;
      if (!limiter) return;
      const counted = await limiter(request);
      if (counted.isAllowed || !counted.isExceeded) return;
      reply.header('retry-after', counted.ttlInSeconds);
      throw new TooManyRequestsError(ERROR_MESSAGES.rate_limited);
    });
  },
  { name: 'rate-limits' },
);
