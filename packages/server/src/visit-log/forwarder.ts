import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EnrichedVisitLog } from '@credit-portal/shared';
import { backoffMs, sleep } from '../lib/timing.js';
import type { GatewayMetrics } from '../plugins/metrics.js';
import type { StreamEntry, VisitLogStream } from './visit-log-stream.js';

export interface ForwarderOptions {
  batchSize: number;
  batchWaitMs: number;
  maxDeliveries: number;
  claimIdleMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

/** Sends one batch upstream: null on success, else why it failed. */
export type DeliverBatch = (events: readonly EnrichedVisitLog[]) => Promise<string | null>;

/** Waits between loop iterations when the queue itself (Redis) fails, capped low so recovery is quick. */
const INFRASTRUCTURE_BACKOFF_MAX_MS = 2000;

/**
 * Moves visit logs from the stream to the upstream, in every replica: reads batches through the
 * consumer group (up to batchSize, waiting at most batchWaitMs for a batch to fill), posts them,
 * acknowledges on success. A failed batch stays pending and is retried with exponential backoff;
 * after maxDeliveries it goes to the dead-letter stream with an error log line. Entries left
 * pending by a replica that died are reclaimed once idle for claimIdleMs.
 */
export class VisitLogForwarder {
  /** Unique per process: a restarted replica reclaims its old entries like any other's. */
  readonly consumer = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  readonly #stream: VisitLogStream;
  readonly #deliver: DeliverBatch;
  readonly #options: ForwarderOptions;
  readonly #metrics: GatewayMetrics;
  readonly #log: FastifyBaseLogger;
  readonly #stop = new AbortController();
  #loop: Promise<void> | null = null;
  #lastClaim = 0;
  #failing = false;

  constructor(
    stream: VisitLogStream,
    deliver: DeliverBatch,
    options: ForwarderOptions,
    metrics: GatewayMetrics,
    log: FastifyBaseLogger,
  ) {
    this.#stream = stream;
    this.#deliver = deliver;
    this.#options = options;
    this.#metrics = metrics;
    this.#log = log;
  }

  get stopping(): boolean {
    return this.#stop.signal.aborted;
  }

  start(): void {
    this.#loop ??= this.#run();
  }

  /** Stops reading; the batch in hand gets its current attempt, then stays pending if it failed. */
  async stop(): Promise<void> {
    this.#stop.abort();
    this.#stream.interrupt?.();
    await this.#loop;
  }

  /**
   * Delivers whatever is still queued, one attempt per batch, until the deadline (shutdown of the
   * in-process queue); returns how many events could not be delivered.
   */
  async drain(deadline: number): Promise<number> {
    while (Date.now() < deadline) {
      const batch = await this.#stream.readNew(this.consumer, this.#options.batchSize, 0);
      if (batch.length === 0 || !(await this.#deliverBatch(batch))) break;
    }
    const counts = await this.#stream.counts();
    return counts.queued + counts.pending;
  }

  async #run(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      if (!this.#stream.readable) {
        // Redis not (yet, or no longer) connected: nothing to try until it is.
        await sleep(100, this.#stop.signal);
        continue;
      }
      try {
        const batch = await this.#nextBatch();
        if (batch.length > 0) await this.#deliverBatch(batch);
        failures = 0;
      } catch (err) {
        failures += 1;
        if (failures === 1) this.#log.warn({ reason: (err as Error).message }, 'visit-log queue unavailable; retrying');
        await sleep(backoffMs(failures, 50, INFRASTRUCTURE_BACKOFF_MAX_MS), this.#stop.signal);
      }
    }
  }

  /** Reclaimed entries of idle consumers first (checked every half idle period), then new ones. */
  async #nextBatch(): Promise<StreamEntry[]> {
    const { batchSize, batchWaitMs, claimIdleMs } = this.#options;
    const now = Date.now();
    if (now - this.#lastClaim >= claimIdleMs / 2) {
      this.#lastClaim = now;
      const claimed = await this.#stream.claimIdle(this.consumer, claimIdleMs, batchSize);
      if (claimed.length > 0) {
        this.#log.info({ count: claimed.length }, 'reclaimed idle visit-log entries');
        return claimed;
      }
    }
    const deadline = performance.now() + batchWaitMs;
    const batch = await this.#stream.readNew(this.consumer, batchSize, batchWaitMs);
    while (batch.length > 0 && batch.length < batchSize && !this.stopping) {
      const left = deadline - performance.now();
      if (left < 1) break;
      const more = await this.#stream.readNew(this.consumer, batchSize - batch.length, left);
      if (more.length === 0) break;
      batch.push(...more);
    }
    return batch;
  }

  /** Delivers one batch until it is acknowledged or dead-lettered; false if it was left pending. */
  async #deliverBatch(initial: StreamEntry[]): Promise<boolean> {
    let entries = await this.#setAsideUnreadable(initial);
    for (let attempt = 0; entries.length > 0; attempt += 1) {
      const ids = entries.map((entry) => entry.id);
      const failure = await this.#deliver(entries.map((entry) => entry.event!)).catch((err: Error) => err.message);
      if (failure === null) {
        this.#metrics.visitLogForwarded.inc(entries.length);
        if (this.#failing) this.#log.info({ count: entries.length }, 'visit-log forwarding recovered');
        this.#failing = false;
        // Should the ack fail, the entries stay pending and are delivered again later: at least once.
        await this.#stream.ack(ids);
        return true;
      }
      this.#metrics.visitLogForwardFailures.inc();
      const deliveries = await this.#stream.deliveries(this.consumer, ids).catch(() => attempt + 1);
      if (deliveries >= this.#options.maxDeliveries) {
        await this.#stream.deadLetter(entries, deliveries, failure);
        this.#metrics.visitLogDeadLettered.inc(entries.length);
        this.#log.error(
          { count: entries.length, deliveries, reason: failure, firstEventId: entries[0]?.event?.eventId },
          'visit-log batch moved to the dead-letter stream',
        );
        return true;
      }
      if (!this.#failing)
        this.#log.warn(
          { count: entries.length, deliveries, reason: failure },
          'visit-log delivery failed; retrying with backoff',
        );
      this.#failing = true;
      if (this.stopping) return false;
      await sleep(backoffMs(attempt, this.#options.backoffBaseMs, this.#options.backoffMaxMs), this.#stop.signal);
      if (this.stopping) return false;
      entries = await this.#stream.renew(this.consumer, ids).catch(() => entries);
    }
    return true;
  }

  /** Entries whose stored text is unreadable cannot be forwarded: they go straight to the dead letters. */
  async #setAsideUnreadable(entries: StreamEntry[]): Promise<StreamEntry[]> {
    const unreadable = entries.filter((entry) => entry.event === null);
    if (unreadable.length === 0) return entries;
    await this.#stream.deadLetter(unreadable, 0, 'unreadable entry');
    this.#metrics.visitLogDeadLettered.inc(unreadable.length);
    this.#log.error({ count: unreadable.length }, 'unreadable visit-log entries moved to the dead-letter stream');
    return entries.filter((entry) => entry.event !== null);
  }
}
