import {
  API_PATHS,
  encodeVisitLogMessage,
  formatVisitTime,
  normalizeEnvelope,
  type EnrichedVisitLog,
  type ForwardedVisitLog,
} from '@credit-portal/shared';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import type { DeliverBatch } from './forwarder.js';

/** The upstream's limit on the encoded `message` field (EncodedMessageBodySchema). */
const MAX_MESSAGE_CHARS = 1_000_000;

/**
 * Posts batches to the upstream in the legacy format: `{ message }` holding the encoded
 * `{ appToken, messages }`, each record stamped with batchHandleTime. Success is HTTP 2xx with
 * an ErrorCode 200 envelope. Bypasses the circuit breaker: the forwarder backs off on its own.
 */
export function upstreamDelivery(upstream: UpstreamClient, appToken: string, timeoutMs: number): DeliverBatch {
  return async (events) => {
    const batchHandleTime = formatVisitTime();
    const messages: ForwardedVisitLog[] = events.map((event) => ({ ...event, batchHandleTime }));
    for (const message of encodeInChunks(appToken, messages)) {
      const response = await upstream.request({
        method: 'POST',
        path: API_PATHS.visitLog,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ message }),
        timeoutMs,
        bypassBreaker: true,
      });
      if (response.status < 200 || response.status >= 300) return `upstream answered HTTP ${response.status}`;
      let parsed: unknown;
      try {
        parsed = JSON.parse(response.body.toString('utf8'));
      } catch {
        return 'upstream answer is not JSON';
      }
      const envelope = normalizeEnvelope('errorCode', parsed);
      if (!envelope) return 'upstream answer is not an ErrorCode envelope';
      if (!envelope.ok) return `upstream refused the batch (${envelope.code}): ${envelope.message}`;
    }
    return null;
  };
}

/** Encoded messages for the batch, halving it until each fits the upstream's field limit. */
function encodeInChunks(appToken: string, messages: readonly EnrichedVisitLog[]): string[] {
  const encoded = encodeVisitLogMessage({ appToken, messages: [...messages] });
  if (encoded.length <= MAX_MESSAGE_CHARS || messages.length <= 1) return [encoded];
  const half = Math.ceil(messages.length / 2);
  return [...encodeInChunks(appToken, messages.slice(0, half)), ...encodeInChunks(appToken, messages.slice(half))];
}
