import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { API_PATHS, ERROR_MESSAGES, OLD_SITE_PAGES, SERVICE_REVIEW_PATH } from '@credit-portal/shared';
import { TooManyRequestsError } from '../lib/errors.js';
import { FACE_VERIFY_PATH, OLD_SITE_PREFIX, REVIEW_PAGE_PATH } from '../html/paths.js';

/** Per-client limits of the routes in RATE_LIMITED_ROUTES: requests per window, from one address. */
export interface RateLimitSettings {
  /** 'default' rows: pages and polls. */
  max: number;
  /** 'strict' rows: everything that checks a secret, mints a login or token, or renders a report. */
  strictMax: number;
  windowMs: number;
}

/** The gateway's defaults (RATE_LIMIT_MAX, RATE_LIMIT_STRICT_MAX, RATE_LIMIT_WINDOW_MS): per minute, 600 and 60. */
export const DEFAULT_RATE_LIMITS: Readonly<RateLimitSettings> = Object.freeze({
  max: 600,
  strictMax: 60,
  windowMs: 60_000,
});

type LimitClass = 'default' | 'strict';

/** One row: a route's URL pattern (exact, or a pattern of a family of stand-in paths), its methods (all when absent), its class. */
interface LimitRow {
  url: string | RegExp;
  methods?: readonly string[];
  limit: LimitClass;
}

const strict = (...urls: string[]): LimitRow[] => urls.map((url) => ({ url, limit: 'strict' }));

/**
 * What the service limits on its own, whatever is in front of it: every route that checks a
 * password, a code or a token, mints a login or a token, or renders a report; and the HTML pages
 * of those forms. The rows name URL patterns, so that routes are limited without their route
 * files saying so (one place, like authentication). A row whose route is not registered (a
 * stand-in that is off, a path still to come) limits nothing.
 */
export const RATE_LIMITED_ROUTES: readonly LimitRow[] = [
  // Accounts: passwords, SMS codes, chat-app logins and binding, QR tickets, the /newszxy exchange.
  ...strict(
    API_PATHS.login,
    API_PATHS.register,
    API_PATHS.registerCode,
    API_PATHS.wechatLogin,
    API_PATHS.bindMobile,
    API_PATHS.bindWechat,
    API_PATHS.loginTicketCreate,
    API_PATHS.loginTicketScan,
    API_PATHS.loginTicketConfirm,
    API_PATHS.loginTokenExchange,
    // Mints the old site's one-time code from a login.
    API_PATHS.oldSiteHandoff,
  ),
  // The desktop polls its ticket every 1.5 s for up to 3 minutes.
  { url: API_PATHS.loginTicketStatus, limit: 'default' },
  // The old site's data-submission login form (its POST checks a password).
  { url: `${OLD_SITE_PREFIX}${OLD_SITE_PAGES.login}`, methods: ['POST'], limit: 'strict' },
  { url: `${OLD_SITE_PREFIX}${OLD_SITE_PAGES.login}`, methods: ['GET', 'HEAD'], limit: 'default' },
  // The face-verification stand-in and the chat app's authorization stand-in (demo only).
  { url: FACE_VERIFY_PATH, methods: ['POST'], limit: 'strict' },
  { url: FACE_VERIFY_PATH, methods: ['GET', 'HEAD'], limit: 'default' },
  { url: /^\/oauth\//, methods: ['POST'], limit: 'strict' },
  { url: /^\/oauth\//, methods: ['GET', 'HEAD'], limit: 'default' },
  // The centre's review endpoint and page: each call checks the review token.
  ...strict(SERVICE_REVIEW_PATH),
  { url: REVIEW_PAGE_PATH, methods: ['POST'], limit: 'strict' },
  { url: REVIEW_PAGE_PATH, methods: ['GET', 'HEAD'], limit: 'default' },
  // 信用服务: issuing renders and signs a PDF; verifying checks a number and code.
  ...strict(
    API_PATHS.enterpriseReport,
    API_PATHS.specialReport,
    API_PATHS.reportVerify,
    API_PATHS.reportVerifyFile,
    API_PATHS.reportVerifySignature,
    API_PATHS.thirdPartyCheck,
  ),
  // The H5 app: every call that mints or exchanges a token, or sends or renders a report.
  ...strict(
    API_PATHS.h5CertToken,
    API_PATHS.h5CertExchange,
    // Answers whether an Infotoken is live.
    API_PATHS.h5Session,
    API_PATHS.h5TestLogin,
    API_PATHS.h5TestUserInfo,
    API_PATHS.h5IzLogin,
    API_PATHS.h5PersonInfo,
    API_PATHS.h5IndividualToken,
    API_PATHS.h5IndividualInfo,
    API_PATHS.h5SendEmail,
    API_PATHS.h5ReportPdf,
  ),
  // 信用关注: the digest mail's unfollow checks a signed token, without a login.
  ...strict(API_PATHS.followUnfollowByLink),
];

/** The class of a route (method and URL pattern as registered), or null when it is not limited here. */
export function limitOf(
  method: string,
  url: string,
  rows: readonly LimitRow[] = RATE_LIMITED_ROUTES,
): LimitClass | null {
  const row = rows.find(
    (candidate) =>
      (typeof candidate.url === 'string' ? candidate.url === url : candidate.url.test(url)) &&
      (!candidate.methods || candidate.methods.includes(method)),
  );
  return row?.limit ?? null;
}

/** Addresses each limited route counts (least recently seen dropped first); the plugin's default is 5,000. */
const ADDRESSES_PER_ROUTE = 50_000;

/** Counts one more request of a client on one route (@fastify/rate-limit's createRateLimit). */
type ClientLimiter = ReturnType<FastifyInstance['createRateLimit']>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The per-client limiter of a route of RATE_LIMITED_ROUTES (set by plugins/rate-limits.ts). */
    clientLimiter?: ClientLimiter;
  }
}

/**
 * The service's own rate limits (@fastify/rate-limit's counters, in memory): the rows of
 * RATE_LIMITED_ROUTES, per route and per client address — request.ip, which believes the
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
      const limit = limitOf([route.method].flat()[0]!, route.url);
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
