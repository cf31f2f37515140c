import type { FastifyBaseLogger } from 'fastify';
import type { EnrichedVisitLog } from '@credit-portal/shared';
import type { GatewayMetrics } from '../lib/metrics.js';
import type { VisitLogStream } from './visit-log-stream.js';
export interface ForwarderOptions {
    batchSize: number;
    batchWaitMs: number;
    claimIdleMs: number;
    backoffBaseMs: number;
    backoffMaxMs: number;
    /** Batches delivered at once by this replica (each acknowledged on its own). */
    concurrency: number;
}
/**
 * Why a delivery failed. 'transient': the upstream could not take it now (refused, timeout,
 * 5xx…): retried for ever, never dead-lettered. 'rejected': the upstream says the batch is
 * malformed: split until the bad events are found, and only those dead-lettered.
 */
export interface DeliveryFailure {
    kind: 'transient' | 'rejected';
    reason: string;
}
/** Sends one batch upstream: null on success, else why it failed. */
export type DeliverBatch = (events: readonly EnrichedVisitLog[]) => Promise<DeliveryFailure | null>;
/**
 * Moves visit logs from the stream to the upstream, in every replica: reads batches through the
 * consumer group (up to batchSize, waiting at most batchWaitMs for a batch to fill), posts them,
 * acknowledges on success. A batch that fails transiently stays pending and is retried with
 * capped, jittered exponential backoff for as long as it takes (an upstream outage never loses
 * an event). A batch the upstream rejects as malformed is halved and each half delivered on its
 * own, down to single events: only an event rejected alone goes to the dead-letter stream (with
 * an error log line), its neighbours are delivered. Entries left pending by a replica that died
 * are reclaimed once idle for claimIdleMs, and the dead consumer is then removed from the group.
 */
export declare class VisitLogForwarder {
    #private;
    /** Unique per process: a restarted replica reclaims its old entries like any other's. */
    readonly consumer: string;
    constructor(stream: VisitLogStream, deliver: DeliverBatch, options: ForwarderOptions, metrics: GatewayMetrics, log: FastifyBaseLogger);
    get stopping(): boolean;
    start(): void;
    /** Stops reading; the batch in hand gets its current attempt, then stays pending if it failed. */
    stop(): Promise<void>;
    /**
     * Delivers whatever is still queued, one attempt per batch, until the deadline (shutdown of the
     * in-process queue); returns how many events could not be delivered.
     */
    drain(deadline: number): Promise<number>;
}
