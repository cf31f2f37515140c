import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type JsonLimits } from '@credit-portal/shared';
type Done = (err: Error | null, body?: unknown) => void;
/** A content-type parser that takes the raw body stream. */
export type JsonStreamParser = (request: FastifyRequest, payload: IncomingMessage, done: Done) => void;
/**
 * The gateway's JSON body parser. Each chunk is scanned as it arrives (JsonShapeScanner: depth,
 * members, elements) and the body limit counted; a body over a limit is refused there and then
 * (400, or 413) with `Connection: close`, so the rest of it is never read, decoded or parsed.
 * A body within the limits is decoded once, strictly (malformed UTF-8 is refused with 400, never
 * turned into U+FFFD and sent on), and handed to Fastify's own JSON parser (prototype-poisoning
 * protection, empty-body and syntax errors). A body the cache-hit fast path already read
 * (lib/raw-body.ts) goes through the same checks from its bytes; every body read is kept on the
 * request for the proxy's raw-bytes cache alias.
 */
export declare function limitedJsonParser(app: FastifyInstance, limits: JsonLimits): JsonStreamParser;
/** Replaces the application/json parser app-wide with the limited one (before any route registers). */
declare const _default: (app: FastifyInstance<import("fastify").RawServerDefault, IncomingMessage, import("http").ServerResponse<IncomingMessage>, import("fastify").FastifyBaseLogger, import("fastify").FastifyTypeProviderDefault>) => Promise<void>;
export default _default;
