import type { FastifyBaseLogger } from 'fastify';
import type { GatewayMetrics } from '../lib/metrics.js';
import type { CachePolicy } from '../route-table.js';
import { type Answer, type CacheEntry, type ProducedAnswer } from './cache-entry.js';
import type { PurgeRequest, RedisCacheStore } from './redis-cache-store.js';
export interface ResponseCacheOptions {
    memoryBytes: number;
    maxEntryBytes: number;
    lockMs: number;
    lockWaitMs: number;
    /** Entries of compressible answers at least this large keep br and gzip forms. */
    compressMinBytes: number;
}
/** The x-cache value of a proxied answer: from the cache, fresh or stale, from the upstream, or past the cache. */
export type CacheStatus = 'HIT' | 'MISS' | 'STALE' | 'BYPASS';
/** What the cache answered with and how (the x-cache value). */
export interface CacheOutcome {
    answer: Answer;
    status: Exclude<CacheStatus, 'BYPASS'>;
}
/**
 * The two-tier response cache: a byte-bounded in-process LRU in front of Redis (or alone, without
 * REDIS_URL or while Redis is unreachable). Concurrent misses on one key make one upstream call:
 * within a process through a shared promise, across replicas through a short Redis lock whose
 * waiters poll for the holder's entry and, past a bound, call through. Past freshness an entry is
 * served STALE while one background refresh runs; past that window it is still served when the
 * upstream fails, until its stale-if-error window ends.
 */
export declare class ResponseCache {
    #private;
    constructor(options: ResponseCacheOptions, shared: RedisCacheStore | null, metrics: GatewayMetrics, log: FastifyBaseLogger);
    /** Bytes and entries of the in-process tier. */
    get memory(): {
        bytes: number;
        entries: number;
    };
    /**
     * The fresh entry for a key in the in-process tier, found synchronously: a hit is answered
     * without a promise or a Redis round trip. Anything else (absent, stale) goes through respond().
     */
    hit(key: string): CacheEntry | undefined;
    /**
     * Answers a cacheable request: from the cache when it can, else through `produce` (the upstream
     * call), storing what may be stored. Rejects with produce's error when there is nothing to fall back on.
     */
    respond(key: string, path: string, policy: CachePolicy, produce: () => Promise<ProducedAnswer>): Promise<CacheOutcome>;
    /** Drops matching entries here and, through Redis, in every replica; returns how many were dropped. */
    purge(request: PurgeRequest): Promise<{
        purged: number;
        everywhere: boolean;
    }>;
    /** Drops matching entries from the in-process tier only (a purge broadcast from another replica). */
    dropLocal(request: PurgeRequest): number;
    /** Empties the in-process tier (after a Redis outage, purges may have been missed). */
    clearLocal(): void;
}
