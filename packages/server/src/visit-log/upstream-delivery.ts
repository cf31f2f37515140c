import {
  API_PATHS,
  formatVisitTime,
  normalizeEnvelope,
  type EnrichedVisitLog,
  type ForwardedVisitLog,
} from '@credit-portal/shared';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { encodeVisitLogOnNode } from '@credit-portal/node-common';
import type { DeliverBatch, DeliveryFailure } from './forwarder.js';

/** The upstream's limit on the encoded `message` field (EncodedMessageBodySchema). */
const MAX_MESSAGE_CHARS = 1_000_000;

/** The answers by which an upstream says the batch itself is malformed: resending it unchanged cannot help. */
const REJECTING_CODES = new Set([400, 413, 422]);

const transient = (reason: string): DeliveryFailure => ({ kind: 'transient', reason });
const rejected = (reason: string): DeliveryFailure => ({ kind: 'rejected', reason });

/**
 * Posts batches to the upstream in the legacy format: `{ message }` holding the encoded
 * `{ appToken, messages }`, each record stamped with batchHandleTime. Success is HTTP 2xx with
 * an ErrorCode 200 envelope. A 400/413/422 (as HTTP status or ErrorCode) rejects the batch as
 * malformed; everything else that is not success (refused, timeout, 5xx, 401/403/404 of a
 * misconfigured sink, an answer that is not the dialect) is transient and retried. Bypasses the
 * circuit breaker: the forwarder backs off on its own.
 */
export function upstreamDelivery(upstream: UpstreamClient, appToken: string, timeoutMs: number): DeliverBatch {
  return async (events) => {
    const batchHandleTime = formatVisitTime();
    const messages: ForwardedVisitLog[] = events.map((event) => ({ ...event, batchHandleTime }));
    for (const message of encodeInChunks(appToken, messages)) {
      let response;
      try {
        response = await upstream.request({
          method: 'POST',
          path: API_PATHS.visitLog,
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ message }),
          timeoutMs,
          bypassBreaker: true,
        });
      } catch (err) {
        return transient((err as Error).message);
      }
      if (REJECTING_CODES.has(response.status)) return rejected(`upstream answered HTTP ${response.status}`);
      if (response.status < 200 || response.status >= 300)
        return transient(`upstream answered HTTP ${response.status}`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(response.body.toString('utf8'));
      } catch {
        return transient('upstream answer is not JSON');
      }
      const envelope = normalizeEnvelope('errorCode', parsed);
      if (!envelope) return transient('upstream answer is not an ErrorCode envelope');
      if (!envelope.ok) {
        const reason = `upstream refused the batch (${envelope.code}): ${envelope.message}`;
        return REJECTING_CODES.has(Number(envelope.code)) ? rejected(reason) : transient(reason);
      }
    }
    return null;
  };
}

/** Encoded messages for the batch, halving it until each fits the upstream's field limit. */
function encodeInChunks(appToken: string, messages: readonly EnrichedVisitLog[]): string[] {
  const encoded = encodeVisitLogOnNode({ appToken, messages });
  if (encoded.length <= MAX_MESSAGE_CHARS || messages.length <= 1) return [encoded];
  const half = Math.ceil(messages.length / 2);
  return [...encodeInChunks(appToken, messages.slice(0, half)), ...encodeInChunks(appToken, messages.slice(half))];
}
