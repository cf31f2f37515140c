import type { EnrichedVisitLog } from '@credit-portal/shared';
/** One queued event; `event` is null when the stored text could not be read back. */
export interface StreamEntry {
    id: string;
    event: EnrichedVisitLog | null;
    raw: string;
}
export interface StreamCounts {
    /** Appended, not yet read by a forwarder. */
    queued: number;
    /** Read by a forwarder, not yet acknowledged. */
    pending: number;
    /** In the dead-letter stream. */
    deadLettered: number;
}
/** The append could not be taken: the queue is at its bound. */
export declare class QueueFullError extends Error {
    constructor();
}
/** The append could not be made durable: Redis is unreachable (the intake answers 503, the browser resends). */
export declare class QueueUnavailableError extends Error {
    constructor();
}
/**
 * A durable queue with consumer-group semantics (Redis Streams, or an in-process imitation):
 * entries are read by one consumer, stay pending until acknowledged, can be reclaimed from a
 * consumer that went idle, and carry a delivery count.
 */
export interface VisitLogStream {
    /** True when appends survive this process (Redis). */
    readonly durable: boolean;
    /** True while appends can be attempted. */
    readonly ready: boolean;
    /** True while the forwarder's reads can be attempted. */
    readonly readable: boolean;
    /** Appends all events or none. */
    append(events: readonly EnrichedVisitLog[]): Promise<void>;
    /** Reads up to `count` never-delivered entries, waiting up to `blockMs` for the first. */
    readNew(consumer: string, count: number, blockMs: number): Promise<StreamEntry[]>;
    /** Takes over up to `count` entries pending longer than `minIdleMs` under any consumer. */
    claimIdle(consumer: string, minIdleMs: number, count: number): Promise<StreamEntry[]>;
    /** Re-claims this consumer's entries before a retry: counts a delivery, resets their idle time. */
    renew(consumer: string, ids: readonly string[]): Promise<StreamEntry[]>;
    /** The highest delivery count among the entries. */
    deliveries(consumer: string, ids: readonly string[]): Promise<number>;
    /** Acknowledges and removes delivered entries. */
    ack(ids: readonly string[]): Promise<void>;
    /** Moves entries to the dead-letter stream and acknowledges them. */
    deadLetter(entries: readonly StreamEntry[], deliveries: number, reason: string): Promise<void>;
    counts(): Promise<StreamCounts>;
    /** Forgets this consumer when nothing is pending under it (graceful shutdown). */
    removeConsumer(consumer: string): Promise<void>;
    /**
     * Forgets the other consumers idle for at least `minIdleMs` with nothing pending (replicas that
     * died, after their entries were reclaimed); returns their names.
     */
    removeIdleConsumers(self: string, minIdleMs: number): Promise<string[]>;
    /** Ends a waiting readNew early (shutdown); optional where the wait is short anyway. */
    interrupt?(): void;
}
/** Parses a stored event; null when the text is not an object. */
export declare function readEvent(raw: string): EnrichedVisitLog | null;
