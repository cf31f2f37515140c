import type { UpstreamClient } from '../upstream/upstream-client.js';
import type { DeliverBatch } from './forwarder.js';
/**
 * Posts batches to the upstream in the legacy format: `{ message }` holding the encoded
 * `{ appToken, messages }`, each record stamped with batchHandleTime. Success is HTTP 2xx with
 * an ErrorCode 200 envelope. A 400/413/422 (as HTTP status or ErrorCode) rejects the batch as
 * malformed; everything else that is not success (refused, timeout, 5xx, 401/403/404 of a
 * misconfigured sink, an answer that is not the dialect) is transient and retried. Bypasses the
 * circuit breaker: the forwarder backs off on its own.
 */
export declare function upstreamDelivery(upstream: UpstreamClient, appToken: string, timeoutMs: number): DeliverBatch;
