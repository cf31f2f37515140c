import { LogController } from 'fastify';
import { GATEWAY_PATHS, maskUrl } from '@credit-portal/shared';
/** Probe endpoints log at debug: they would otherwise drown the request log. */
const QUIET_ROUTES = new Set([GATEWAY_PATHS.health]);
/** The levels at which debug lines are written. */
const DEBUG_LEVELS = new Set(['trace', 'debug']);
/**
 * One log line per request, written when it completes: request id (the logger's reqId), method,
 * masked URL, route pattern, status, time, upstream and its latency, cache result.
 */
export class GatewayLogController extends LogController {
    incomingRequest() {
        // The completion line says everything; no second line per request.
    }
    requestCompleted(error, request, reply) {
        const route = request.routeOptions.url ?? null;
        const cache = reply.getHeader('x-cache');
        // Probes, 429s (a flood would otherwise write one line per refused request) and cache hits
        // (the hot path: nothing to learn from each one) log at debug; the line is not even built below it.
        const quiet = !error && ((route !== null && QUIET_ROUTES.has(route)) || reply.statusCode === 429 || cache === 'HIT');
        if (quiet && !DEBUG_LEVELS.has(reply.log.level))
            return;
        const line = {
            method: request.method,
            url: maskUrl(request.url),
            route,
            statusCode: reply.statusCode,
            responseTimeMs: Math.round(reply.elapsedTime * 100) / 100,
            ...(typeof cache === 'string' ? { cache } : {}),
            ...(request.upstreamName ? { upstream: request.upstreamName } : {}),
            ...(request.upstreamMs !== null ? { upstreamMs: Math.round(request.upstreamMs * 100) / 100 } : {}),
        };
        if (error)
            reply.log.error({ ...line, err: error }, 'request errored');
        else if (quiet)
            reply.log.debug(line, 'request completed');
        else
            reply.log.info(line, 'request completed');
    }
}
//# sourceMappingURL=logging.js.map