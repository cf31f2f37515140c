import type { IncomingMessage } from 'node:http';

/**
 * The bytes of a JSON request body, kept on the Node request: set by the cache-hit fast path
 * when it read a body it could not answer from (the JSON parser then parses these instead of the
 * spent stream), and by the JSON parser for every body it read (the proxy aliases a cacheable
 * request's exact bytes to its canonical cache key).
 */
export const RAW_BODY: unique symbol = Symbol('credit-portal.rawBody');

export type WithRawBody = IncomingMessage & { [RAW_BODY]?: Buffer };

/** The raw JSON body of a request, when one was read. */
export function rawBodyOf(raw: IncomingMessage): Buffer | undefined {
  return (raw as WithRawBody)[RAW_BODY];
}

/** Keeps the raw JSON body on the request. */
export function keepRawBody(raw: IncomingMessage, body: Buffer): void {
  (raw as WithRawBody)[RAW_BODY] = body;
}
