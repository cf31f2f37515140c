import type { EnrichedVisitLog } from '@credit-portal/shared';
import type { RedisConnection } from '../lib/redis-connection.js';
import { type StreamCounts, type StreamEntry, type VisitLogStream } from './visit-log-stream.js';
/**
 * The stream's and the dead-letter stream's keys under REDIS_KEY_PREFIX, and the field holding an
 * event. Both carry the hash tag {visitlog}: every transaction that touches the stream and the
 * dead letters (and the group's bookkeeping, which lives in the stream key) stays in one slot.
 */
export declare const STREAM_KEY = "{visitlog}:stream";
export declare const DEAD_LETTER_KEY = "{visitlog}:dead";
export declare const EVENT_FIELD = "e";
/** A replica did not acknowledge an append within REDIS_WAIT_TIMEOUT_MS: not durable enough to answer 2xx. */
export declare class ReplicaAckError extends Error {
    constructor(wanted: number, got: number);
}
/**
 * The visit-log queue on a Redis Stream with one consumer group shared by every replica.
 * Delivered entries are acknowledged and deleted, so the stream holds only undelivered and
 * pending events; dead letters go to a second stream that is never trimmed.
 */
export declare class RedisVisitLogStream implements VisitLogStream {
    #private;
    readonly durable = true;
    constructor(redis: RedisConnection);
    get ready(): boolean;
    get readable(): boolean;
    /**
     * Appends in one transaction. With REDIS_WAIT_REPLICAS, resolves only once that many replicas
     * have the entries (WAIT), else throws ReplicaAckError: the entries are on the master and will
     * be delivered, but a failover right now could lose them, so the browser is told to resend
     * (its event ids make the resend harmless).
     */
    append(events: readonly EnrichedVisitLog[]): Promise<void>;
    readNew(consumer: string, count: number, blockMs: number): Promise<StreamEntry[]>;
    claimIdle(consumer: string, minIdleMs: number, count: number): Promise<StreamEntry[]>;
    renew(consumer: string, ids: readonly string[]): Promise<StreamEntry[]>;
    deliveries(consumer: string, ids: readonly string[]): Promise<number>;
    ack(ids: readonly string[]): Promise<void>;
    deadLetter(entries: readonly StreamEntry[], deliveries: number, reason: string): Promise<void>;
    counts(): Promise<StreamCounts>;
    removeConsumer(consumer: string): Promise<void>;
    removeIdleConsumers(self: string, minIdleMs: number): Promise<string[]>;
}
