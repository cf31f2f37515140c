import type { EnrichedVisitLog } from '@credit-portal/shared';
import { QueueFullError, type StreamCounts, type StreamEntry, type VisitLogStream } from './visit-log-stream.js';

interface PendingEntry {
  entry: StreamEntry;
  consumer: string;
  deliveries: number;
  deliveredAt: number;
}

/**
 * The in-process stand-in for the Redis Stream (no REDIS_URL): the same consumer-group semantics
 * for one process, bounded to `capacity` undelivered plus pending events. Not durable: the
 * gateway drains it upstream on graceful shutdown.
 */
export class MemoryVisitLogStream implements VisitLogStream {
  readonly durable = false;
  readonly ready = true;
  readonly readable = true;
  readonly #undelivered: StreamEntry[] = [];
  readonly #pending = new Map<string, PendingEntry>();
  readonly #dead: StreamEntry[] = [];
  readonly #deadCapacity: number;
  #sequence = 0;
  #wake: (() => void) | null = null;

  constructor(private readonly capacity: number) {
    this.#deadCapacity = capacity;
  }

  async append(events: readonly EnrichedVisitLog[]): Promise<void> {
    if (this.#undelivered.length + this.#pending.size + events.length > this.capacity) throw new QueueFullError();
    for (const event of events) {
      this.#sequence += 1;
      const raw = JSON.stringify(event);
      this.#undelivered.push({ id: `${Date.now()}-${this.#sequence}`, event, raw });
    }
    this.#wake?.();
  }

  async readNew(consumer: string, count: number, blockMs: number): Promise<StreamEntry[]> {
    if (this.#undelivered.length === 0 && blockMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, blockMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.#wake = () => {
          this.#wake = null;
          done();
        };
      });
    }
    const taken = this.#undelivered.splice(0, count);
    const now = Date.now();
    for (const entry of taken) this.#pending.set(entry.id, { entry, consumer, deliveries: 1, deliveredAt: now });
    return taken;
  }

  async claimIdle(consumer: string, minIdleMs: number, count: number): Promise<StreamEntry[]> {
    const now = Date.now();
    const claimed: StreamEntry[] = [];
    for (const pending of this.#pending.values()) {
      if (claimed.length >= count) break;
      if (now - pending.deliveredAt < minIdleMs) continue;
      pending.consumer = consumer;
      pending.deliveries += 1;
      pending.deliveredAt = now;
      claimed.push(pending.entry);
    }
    return claimed;
  }

  async renew(consumer: string, ids: readonly string[]): Promise<StreamEntry[]> {
    const now = Date.now();
    const renewed: StreamEntry[] = [];
    for (const id of ids) {
      const pending = this.#pending.get(id);
      if (!pending) continue;
      pending.consumer = consumer;
      pending.deliveries += 1;
      pending.deliveredAt = now;
      renewed.push(pending.entry);
    }
    return renewed;
  }

  async deliveries(_consumer: string, ids: readonly string[]): Promise<number> {
    return ids.reduce((max, id) => Math.max(max, this.#pending.get(id)?.deliveries ?? 0), 0);
  }

  async ack(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.#pending.delete(id);
  }

  async deadLetter(entries: readonly StreamEntry[]): Promise<void> {
    for (const entry of entries) {
      this.#pending.delete(entry.id);
      this.#dead.push(entry);
    }
    // Dead letters in memory are kept for inspection up to a bound; the log line is the record.
    if (this.#dead.length > this.#deadCapacity) this.#dead.splice(0, this.#dead.length - this.#deadCapacity);
  }

  async counts(): Promise<StreamCounts> {
    return { queued: this.#undelivered.length, pending: this.#pending.size, deadLettered: this.#dead.length };
  }

  interrupt(): void {
    this.#wake?.();
  }

  async removeConsumer(): Promise<void> {
    // One process, one consumer: nothing to forget.
  }

  async removeIdleConsumers(): Promise<string[]> {
    return [];
  }
}
