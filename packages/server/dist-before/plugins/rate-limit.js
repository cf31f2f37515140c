import fp from 'fastify-plugin';
import { ERROR_CODES } from '@credit-portal/shared';
import { GatewayError } from '../lib/errors.js';
import { RateLimits } from '../lib/rate-limiter.js';
/** The hook that counts a request against `counter` and refuses it with 429 past the limit. */
export function limitHook(counter) {
    return (request, _reply, done) => {
        const refusal = counter.take(request.ip);
        if (refusal === null)
            done();
        else
            done(new GatewayError(429, ERROR_CODES.rateLimited, undefined, null, refusal.headers));
    };
}
/**
 * Per-client-IP rate limits (the IP as resolved through TRUSTED_PROXIES): the global limit on
 * every route, routes with their own `config.rateLimit` (strict upstream routes, visit logs, the
 * purge endpoint) that instead, `rateLimit: false` none (/healthz). A synchronous counter set as a
 * callback onRequest hook on each route when it is added, so a request pays one Map lookup and
 * no promise (it replaced @fastify/rate-limit: figures in the package README). Counters are per
 * process and in memory, which keeps the cache-hit path free of a Redis round trip: with N
 * processes or replicas behind a balancer a client gets up to N times the limit.
 */
export default fp(async (app) => {
    const limits = new RateLimits(app.config.rateLimit);
    app.decorate('rateLimits', limits);
    app.addHook('onRoute', (route) => {
        const counter = limits.forRoute(route.url, route.config?.rateLimit);
        if (counter === null)
            return;
        const hook = limitHook(counter);
        const existing = route.onRequest;
        route.onRequest = existing === undefined ? [hook] : [hook, ...(Array.isArray(existing) ? existing : [existing])];
    });
}, { name: 'rate-limit' });
//# sourceMappingURL=rate-limit.js.map