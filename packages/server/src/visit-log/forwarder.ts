import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EnrichedVisitLog } from '@credit-portal/shared';
import { backoffMs, sleep } from '../lib/timing.js';
import type { GatewayMetrics } from '../lib/metrics.js';
import type { StreamEntry, VisitLogStream } from './visit-log-stream.js';

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

type PartOutcome = 'delivered' | 'dead' | 'split' | 'gone' | 'stopped';

/** The longest time between two looks for entries a dead replica left pending. */
const CLAIM_CHECK_MAX_MS = 5000;

/** Waits between loop iterations when the queue itself (Redis) fails, capped low so recovery is quick. */
const INFRASTRUCTURE_BACKOFF_MAX_MS = 2000;

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
  /** The last claim found entries: claim again at once until none are left (a dead replica's whole backlog). */
  #reclaiming = false;
  #failing = false;
  /** A batch delivery that failed on the queue's side (ack, dead-letter): the loop backs off on it. */
  #deliveryError: Error | null = null;

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
    // One stop listener per batch backing off, and the loop's: past Node's leak warning at 10 when
    // VISITLOG_FORWARD_CONCURRENCY ≥ 10, though nothing leaks.
    setMaxListeners(options.concurrency + 1, this.#stop.signal);
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

  /**
   * Reads batches and delivers up to `concurrency` of them at once: the next batch is read while
   * earlier ones are on their way, so one replica keeps up with a busy intake. Each batch keeps
   * its own retry, split and dead-letter handling and is acknowledged on its own; delivery is at
   * least once and the upstream de-duplicates by event id, so batches need not arrive in order.
   */
  async #run(): Promise<void> {
    let failures = 0;
    const inFlight = new Set<Promise<void>>();
    try {
      while (!this.stopping) {
        if (!this.#stream.readable) {
          // Redis not (yet, or no longer) connected: nothing to try until it is.
          await sleep(100, this.#stop.signal);
          continue;
        }
        try {
          if (this.#deliveryError) {
            const err = this.#deliveryError;
            this.#deliveryError = null;
            throw err;
          }
          if (inFlight.size >= this.#options.concurrency) {
            await Promise.race(inFlight);
            continue;
          }
          const batch = await this.#nextBatch();
          if (batch.length > 0) {
            const delivery: Promise<void> = this.#deliverBatch(batch)
              .then(
                () => undefined,
                (err: Error) => {
                  this.#deliveryError = err;
                },
              )
              .finally(() => inFlight.delete(delivery));
            inFlight.add(delivery);
          }
          failures = 0;
        } catch (err) {
          failures += 1;
          if (failures === 1)
            this.#log.warn({ reason: (err as Error).message }, 'visit-log queue unavailable; retrying');
          await sleep(backoffMs(failures, 50, INFRASTRUCTURE_BACKOFF_MAX_MS), this.#stop.signal);
        }
      }
    } finally {
      // Stopping: the batches in hand get their current attempt, then stay pending if it failed.
      await Promise.all(inFlight);
    }
  }

  /**
   * Reclaimed entries of idle consumers first, then new ones. Idle entries are looked for every
   * half idle period (at most every CLAIM_CHECK_MAX_MS), and once some are found, batch after batch
   * until none are left: a dead replica's whole backlog is taken over within
   * claimIdleMs + CLAIM_CHECK_MAX_MS (plus its delivery), not one batch per check.
   */
  async #nextBatch(): Promise<StreamEntry[]> {
    const { batchSize, batchWaitMs, claimIdleMs } = this.#options;
    const now = Date.now();
    if (this.#reclaiming || now - this.#lastClaim >= Math.min(claimIdleMs / 2, CLAIM_CHECK_MAX_MS)) {
      this.#lastClaim = now;
      const claimed = await this.#stream.claimIdle(this.consumer, claimIdleMs, batchSize);
      this.#reclaiming = claimed.length > 0;
      // Consumers idle that long with nothing left pending are replicas that died: forget them.
      const removed = await this.#stream.removeIdleConsumers(this.consumer, claimIdleMs);
      if (removed.length > 0) this.#log.info({ consumers: removed }, 'removed dead visit-log consumers from the group');
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

  /** Delivers one batch until every event is acknowledged or dead-lettered; false if some were left pending. */
  async #deliverBatch(initial: StreamEntry[]): Promise<boolean> {
    const entries = await this.#setAsideUnreadable(initial);
    const parts: StreamEntry[][] = entries.length > 0 ? [entries] : [];
    while (parts.length > 0) {
      const { outcome, entries: part } = await this.#deliverPart(parts.shift()!);
      if (outcome === 'stopped') return false;
      if (outcome === 'split') {
        const half = Math.ceil(part.length / 2);
        parts.unshift(part.slice(0, half), part.slice(half));
      }
    }
    return true;
  }

  /** One part of a batch: retried while the failure is transient; a rejected part is split or, alone, dead-lettered. */
  async #deliverPart(initial: StreamEntry[]): Promise<{ outcome: PartOutcome; entries: StreamEntry[] }> {
    let entries = initial;
    for (let attempt = 0; ; attempt += 1) {
      const ids = entries.map((entry) => entry.id);
      const failure = await this.#deliver(entries.map((entry) => entry.event!)).catch(
        (err: Error): DeliveryFailure => ({ kind: 'transient', reason: err.message }),
      );
      if (failure === null) {
        this.#metrics.visitLogForwarded.inc(entries.length);
        if (this.#failing) this.#log.info({ count: entries.length }, 'visit-log forwarding recovered');
        this.#failing = false;
        // Should the ack fail, the entries stay pending and are delivered again later: at least once.
        await this.#stream.ack(ids);
        return { outcome: 'delivered', entries };
      }
      this.#metrics.visitLogForwardFailures.inc({ kind: failure.kind });
      if (failure.kind === 'rejected') {
        if (entries.length > 1) {
          this.#log.warn({ count: entries.length, reason: failure.reason }, 'visit-log batch rejected; splitting it');
          return { outcome: 'split', entries };
        }
        await this.#stream.deadLetter(entries, attempt + 1, failure.reason);
        this.#metrics.visitLogDeadLettered.inc(entries.length);
        this.#log.error(
          { count: entries.length, reason: failure.reason, eventId: entries[0]?.event?.eventId },
          'visit-log event rejected by the upstream; moved to the dead-letter stream',
        );
        return { outcome: 'dead', entries };
      }
      if (!this.#failing)
        this.#log.warn(
          { count: entries.length, reason: failure.reason },
          'visit-log delivery failed; retrying with backoff until the upstream takes it',
        );
      this.#failing = true;
      if (this.stopping) return { outcome: 'stopped', entries };
      await sleep(backoffMs(attempt, this.#options.backoffBaseMs, this.#options.backoffMaxMs), this.#stop.signal);
      if (this.stopping) return { outcome: 'stopped', entries };
      // Re-claiming resets the entries' idle time, so no other replica takes over a batch still being retried.
      entries = await this.#stream.renew(this.consumer, ids).catch(() => entries);
      // Entries another replica took over (or that were deleted) are its to deliver.
      if (entries.length === 0) return { outcome: 'gone', entries };
    }
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
