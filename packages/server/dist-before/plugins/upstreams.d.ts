import type { UpstreamName } from '@credit-portal/shared';
import { UpstreamClient } from '../upstream/upstream-client.js';
export type UpstreamClients = Readonly<Record<UpstreamName, UpstreamClient>>;
declare module 'fastify' {
    interface FastifyInstance {
        upstreams: UpstreamClients;
    }
}
/** One pooled client (keep-alive, timeouts, retries, circuit breaker) per configured upstream. */
declare const _default: (app: import("fastify").FastifyInstance<import("fastify").RawServerDefault, import("http").IncomingMessage, import("http").ServerResponse<import("http").IncomingMessage>, import("fastify").FastifyBaseLogger, import("fastify").FastifyTypeProviderDefault>) => Promise<void>;
export default _default;
