import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { Pool } from 'undici';
import type { UpstreamName } from '@credit-portal/shared';
import { CircuitBreaker } from '../lib/circuit-breaker.js';
import type { GatewayMetrics } from '../lib/metrics.js';
export interface UpstreamRequest {
    method: string;
    /** Path and query, relative to the upstream's base URL. */
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer | Readable | null;
    timeoutMs: number;
    /** Retry after connection errors and 502/503/504: idempotent reads only. */
    retry?: boolean;
    /** Skip the circuit breaker (the visit-log forwarder has its own backoff). */
    bypassBreaker?: boolean;
}
export interface UpstreamResponse {
    status: number;
    headers: IncomingHttpHeaders;
    body: Buffer;
    latencyMs: number;
}
export interface UpstreamClientOptions {
    connections: number;
    retries: number;
    maxBodyBytes: number;
    circuitFailureThreshold: number;
    circuitOpenMs: number;
}
/**
 * One upstream system: a keep-alive undici Pool, a circuit breaker, a deadline per call (the whole
 * call, retries included, fits in the route's timeout) and retries for idempotent reads only.
 */
export declare class UpstreamClient {
    #private;
    readonly name: UpstreamName;
    private readonly options;
    private readonly metrics;
    readonly pool: Pool;
    readonly breaker: CircuitBreaker;
    /** scheme://host:port of the base URL. */
    readonly origin: string;
    /** Path prefix of the base URL ('' when none). */
    readonly basePath: string;
    constructor(name: UpstreamName, baseUrl: string, options: UpstreamClientOptions, metrics: GatewayMetrics);
    /** Calls the upstream; throws UpstreamFailure when no HTTP answer came back in time. */
    request(request: UpstreamRequest): Promise<UpstreamResponse>;
    /** True when the upstream answers HTTP at all (any status) within the timeout. */
    probe(timeoutMs: number): Promise<boolean>;
    close(): Promise<void>;
}
