import type { IncomingMessage } from 'node:http';
/**
 * The bytes of a JSON request body, kept on the Node request: set by the cache-hit fast path
 * when it read a body it could not answer from (the JSON parser then parses these instead of the
 * spent stream), and by the JSON parser for every body it read (the proxy aliases a cacheable
 * request's exact bytes to its canonical cache key).
 */
export declare const RAW_BODY: unique symbol;
export type WithRawBody = IncomingMessage & {
    [RAW_BODY]?: Buffer;
};
/** The raw JSON body of a request, when one was read. */
export declare function rawBodyOf(raw: IncomingMessage): Buffer | undefined;
/** Keeps the raw JSON body on the request. */
export declare function keepRawBody(raw: IncomingMessage, body: Buffer): void;
/** The body as text; null when it is not well-formed UTF-8 (never replaced by U+FFFD and passed on). */
export declare function decodeUtf8(body: Buffer): string | null;
