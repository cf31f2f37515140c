import type { EnrichedVisitLog } from '@credit-portal/shared';
import { type StreamCounts, type StreamEntry, type VisitLogStream } from './visit-log-stream.js';
/**
 * The in-process stand-in for the Redis Stream (no REDIS_URL): the same consumer-group semantics
 * for one process, bounded to `capacity` undelivered plus pending events. Not durable: the
 * gateway drains it upstream on graceful shutdown.
 */
export declare class MemoryVisitLogStream implements VisitLogStream {
    #private;
    private readonly capacity;
    readonly durable = false;
    readonly ready = true;
    readonly readable = true;
    constructor(capacity: number);
    append(events: readonly EnrichedVisitLog[]): Promise<void>;
    readNew(consumer: string, count: number, blockMs: number): Promise<StreamEntry[]>;
    claimIdle(consumer: string, minIdleMs: number, count: number): Promise<StreamEntry[]>;
    renew(consumer: string, ids: readonly string[]): Promise<StreamEntry[]>;
    deliveries(_consumer: string, ids: readonly string[]): Promise<number>;
    ack(ids: readonly string[]): Promise<void>;
    deadLetter(entries: readonly StreamEntry[]): Promise<void>;
    counts(): Promise<StreamCounts>;
    interrupt(): void;
    removeConsumer(): Promise<void>;
    removeIdleConsumers(): Promise<string[]>;
}
