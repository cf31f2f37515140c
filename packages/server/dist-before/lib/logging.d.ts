import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
declare module 'fastify' {
    interface FastifyRequest {
        /** The upstream a proxied request went to (for the request log line; set by the proxy route). */
        upstreamName: string | null;
        /** Latency of the upstream call made for this request, when one was (set by the upstream call). */
        upstreamMs: number | null;
    }
}
/**
 * One log line per request, written when it completes: request id (the logger's reqId), method,
 * masked URL, route pattern, status, time, upstream and its latency, cache result.
 */
export declare class GatewayLogController extends LogController {
    incomingRequest(): void;
    requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void;
}
