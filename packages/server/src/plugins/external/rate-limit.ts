import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { ERROR_CODES } from '@credit-portal/shared';
import { GatewayError } from '../../lib/errors.js';

/**
 * Per-client-IP rate limits (the IP as resolved through TRUSTED_PROXIES). Global limit on every
 * route; routes with their own `config.rateLimit` (strict upstream routes, visit logs) use that
 * instead. Counters are per replica and in memory, which keeps the cache-hit path free of a Redis
 * round trip: with N replicas behind a balancer a client gets up to N times the limit.
 */
export default fp(
  async (app) => {
    const { max, windowMs } = app.config.rateLimit;
    await app.register(rateLimit, {
      global: true,
      max,
      timeWindow: windowMs,
      cache: 50_000,
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      errorResponseBuilder: () => new GatewayError(429, ERROR_CODES.rateLimited),
    });
  },
  { name: 'rate-limit' },
);
