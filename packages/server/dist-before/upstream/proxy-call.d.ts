import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { type Dialect } from '@credit-portal/shared';
import type { ProducedAnswer } from '../cache/cache-entry.js';
import type { UpstreamClient } from './upstream-client.js';
/** Writes an answer's data as its contract's schema has it: fields the contract does not name are left out. */
export type DataSerializer = (data: unknown) => string;
/** What the upstream call of one JSON route needs, fixed when the route is registered. */
export interface ProxyTarget {
    client: UpstreamClient;
    dialect: Dialect;
    timeoutMs: number;
    /** The contract's serializer of the answer's data (null: the data as it came). */
    serializeData: DataSerializer | null;
    /** The row answers a generated file (a report's PDF), which passes through untouched. */
    fileAnswer: boolean;
}
/**
 * Calls a JSON route's upstream for a request (the route's path, `search` and `requestBody` as
 * the cache flow left them) and turns its answer into the gateway's: the normalized envelope as
 * bytes (its data written by the contract's serializer), or a generated file passed through.
 * A failure to get an answer throws the GatewayError it is answered with.
 */
export declare function callUpstream(target: ProxyTarget, request: FastifyRequest, method: string, search: string, requestBody: unknown): Promise<ProducedAnswer>;
/**
 * Passes a raw (form or multipart) request body through to the upstream and fails it once more
 * than `limit` bytes went by: the call then answers 413 payload_too_large.
 */
export declare class ByteLimit extends Transform {
    #private;
    private readonly limit;
    exceeded: boolean;
    constructor(limit: number);
    _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void;
}
