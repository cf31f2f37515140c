import type { FastifyBaseLogger } from 'fastify';
import type { EnrichedVisitLog } from '@credit-portal/shared';
import type { GatewayMetrics } from '../plugins/metrics.js';
import type { DeliverBatch, VisitLogForwarder } from './forwarder.js';
import { QueueFullError, type StreamCounts, type VisitLogStream } from './visit-log-stream.js';

/** Buffered events go to the stream in chunks of this size. */
const FLUSH_CHUNK = 500;
const FLUSH_INTERVAL_MS = 1000;

export interface VisitLogQueueOptions {
  bufferMax: number;
  batchSize: number;
}

/**
 * What the intake endpoint talks to: appends go to the stream; while Redis is unreachable they go
 * to a bounded in-memory buffer that is flushed to the stream as soon as Redis is back. Runs the
 * forwarder, and on shutdown stops it, flushes the buffer and, without Redis, drains the queue.
 */
export class VisitLogQueue {
  readonly #stream: VisitLogStream;
  readonly #forwarder: VisitLogForwarder;
  readonly #deliver: DeliverBatch;
  readonly #options: VisitLogQueueOptions;
  readonly #metrics: GatewayMetrics;
  readonly #log: FastifyBaseLogger;
  readonly #buffer: EnrichedVisitLog[] = [];
  #flushing: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(
    stream: VisitLogStream,
    forwarder: VisitLogForwarder,
    deliver: DeliverBatch,
    options: VisitLogQueueOptions,
    metrics: GatewayMetrics,
    log: FastifyBaseLogger,
  ) {
    this.#stream = stream;
    this.#forwarder = forwarder;
    this.#deliver = deliver;
    this.#options = options;
    this.#metrics = metrics;
    this.#log = log;
  }

  /** Events held in memory while Redis is unreachable. */
  get buffered(): number {
    return this.#buffer.length;
  }

  /** Queues events; throws QueueFullError when neither the stream nor the buffer can take them. */
  async append(events: readonly EnrichedVisitLog[]): Promise<void> {
    if (events.length === 0) return;
    if (this.#stream.durable && !this.#stream.ready) {
      this.#hold(events);
      return;
    }
    try {
      await this.#stream.append(events);
    } catch (err) {
      if (err instanceof QueueFullError || !this.#stream.durable) throw err;
      this.#hold(events);
    }
  }

  start(): void {
    this.#forwarder.start();
    this.#timer = setInterval(() => {
      if (this.#buffer.length > 0) void this.flush();
    }, FLUSH_INTERVAL_MS);
    this.#timer.unref();
  }

  /** Moves buffered events into the stream while it takes them. */
  flush(): Promise<void> {
    this.#flushing ??= this.#flush().finally(() => {
      this.#flushing = null;
    });
    return this.#flushing;
  }

  async counts(): Promise<StreamCounts & { buffered: number }> {
    return { ...(await this.#stream.counts()), buffered: this.#buffer.length };
  }

  /** Graceful shutdown: the forwarder's batch in hand gets its attempt, nothing queued is dropped silently. */
  async close(deadline: number): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.#forwarder.stop();
    if (!this.#stream.durable) {
      const left = await this.#forwarder.drain(deadline).catch(() => -1);
      if (left !== 0) this.#log.error({ count: left }, 'visit-log events not delivered before shutdown');
      return;
    }
    await this.flush();
    if (this.#buffer.length > 0) await this.#deliverBuffer(deadline);
    await this.#stream.removeConsumer(this.#forwarder.consumer).catch(() => undefined);
  }

  #hold(events: readonly EnrichedVisitLog[]): void {
    if (this.#buffer.length + events.length > this.#options.bufferMax) throw new QueueFullError();
    if (this.#buffer.length === 0) this.#log.warn('redis unreachable; holding visit-log events in memory');
    this.#buffer.push(...events);
    this.#metrics.visitLogBuffered.set(this.#buffer.length);
  }

  async #flush(): Promise<void> {
    const before = this.#buffer.length;
    while (this.#buffer.length > 0 && this.#stream.ready) {
      const chunk = this.#buffer.slice(0, FLUSH_CHUNK);
      try {
        await this.#stream.append(chunk);
      } catch {
        break;
      }
      this.#buffer.splice(0, chunk.length);
    }
    this.#metrics.visitLogBuffered.set(this.#buffer.length);
    if (before > 0 && this.#buffer.length === 0)
      this.#log.info({ count: before }, 'buffered visit-log events moved to the stream');
  }

  /** Last resort at shutdown with Redis still down: post the buffer straight upstream. */
  async #deliverBuffer(deadline: number): Promise<void> {
    while (this.#buffer.length > 0 && Date.now() < deadline) {
      const chunk = this.#buffer.slice(0, this.#options.batchSize);
      const failure = await this.#deliver(chunk).catch((err: Error) => err.message);
      if (failure !== null) break;
      this.#buffer.splice(0, chunk.length);
      this.#metrics.visitLogForwarded.inc(chunk.length);
    }
    if (this.#buffer.length > 0) {
      this.#log.error(
        { count: this.#buffer.length },
        'visit-log events lost: redis and upstream unreachable at shutdown',
      );
    }
  }
}
