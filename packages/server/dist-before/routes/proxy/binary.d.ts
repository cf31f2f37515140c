import type { FastifyPluginAsync } from 'fastify';
import type { GatewayRoute } from '../../route-table.js';
import type { UpstreamClient } from '../../upstream/upstream-client.js';
export interface BinaryProxyOptions {
    route: GatewayRoute;
    client: UpstreamClient;
    timeoutMs: number;
    retries: number;
}
/**
 * A pass-through route for a binary prefix (flipbook page images) with @fastify/http-proxy on
 * the upstream's own undici Pool: 2xx and 304 answers stream through untouched (never cached,
 * x-cache: BYPASS); anything else, and any failure, becomes the normalized error envelope.
 */
declare const binaryProxy: FastifyPluginAsync<BinaryProxyOptions>;
export default binaryProxy;
