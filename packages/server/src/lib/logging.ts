import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { GATEWAY_PATHS, REDACTED, maskSensitiveText, maskUrl } from '@credit-portal/shared';
import { REDACT_PATHS } from './redact.js';

/** Probe endpoints log at debug: they would otherwise drown the request log. */
const QUIET_ROUTES = new Set<string>([GATEWAY_PATHS.health]);

/** The levels at which debug lines are written. */
const DEBUG_LEVELS = new Set(['trace', 'debug']);

/** Where log lines go (stdout by default; tests capture them). */
export interface LogDestination {
  write(line: string): void;
}

/** pino options: level, redaction of credential fields, masked URLs, and a last mask over every line. */
export function loggerOptions(
  level: string,
  stream?: LogDestination,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (request: { method?: string; url?: string }) => ({
        method: request.method,
        url: maskUrl(request.url ?? ''),
      }),
    },
    hooks: { streamWrite: maskSensitiveText },
    ...(stream ? { stream } : {}),
  };
}

/**
 * One log line per request, written when it completes: request id (the logger's reqId), method,
 * masked URL, route pattern, status, time, upstream and its latency, cache result.
 */
export class GatewayLogController extends LogController {
  override incomingRequest(): void {
    // The completion line says everything; no second line per request.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? null;
    const cache = reply.getHeader('x-cache');
    // Probes, 429s (a flood would otherwise write one line per refused request) and cache hits
    // (the hot path: nothing to learn from each one) log at debug; the line is not even built below it.
    const quiet =
      !error && ((route !== null && QUIET_ROUTES.has(route)) || reply.statusCode === 429 || cache === 'HIT');
    if (quiet && !DEBUG_LEVELS.has(reply.log.level)) return;
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
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (quiet) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
