import type { FastifyBaseLogger } from 'fastify';
import type { EnrichedVisitLog } from '@credit-portal/shared';
import type { VisitLogForwarder } from './forwarder.js';
import { type StreamCounts, type VisitLogStream } from './visit-log-stream.js';
/**
 * What the intake endpoint talks to: appends go to the stream, and the intake answers 202 only
 * once they are there. While Redis is unreachable nothing is held in this process (a replica
 * killed then would lose it): appends fail with QueueUnavailableError, the intake answers 503
 * with Retry-After, and the browser keeps the events in its own queue and sends them again.
 * Runs the forwarder; on shutdown stops it and, without Redis, drains the in-process queue.
 */
export declare class VisitLogQueue {
    #private;
    constructor(stream: VisitLogStream, forwarder: VisitLogForwarder, log: FastifyBaseLogger);
    /**
     * Queues events durably (Redis), or in the in-process queue without REDIS_URL. Throws
     * QueueFullError (in-process bound reached) or QueueUnavailableError (Redis unreachable).
     */
    append(events: readonly EnrichedVisitLog[]): Promise<void>;
    start(): void;
    counts(): Promise<StreamCounts>;
    /** Graceful shutdown: the forwarder's batch in hand gets its attempt, nothing queued is dropped silently. */
    close(deadline: number): Promise<void>;
}
