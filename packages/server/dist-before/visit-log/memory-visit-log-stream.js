import { QueueFullError } from './visit-log-stream.js';
/**
 * The in-process stand-in for the Redis Stream (no REDIS_URL): the same consumer-group semantics
 * for one process, bounded to `capacity` undelivered plus pending events. Not durable: the
 * gateway drains it upstream on graceful shutdown.
 */
export class MemoryVisitLogStream {
    capacity;
    durable = false;
    ready = true;
    readable = true;
    #undelivered = [];
    #pending = new Map();
    #dead = [];
    #deadCapacity;
    #sequence = 0;
    #wake = null;
    constructor(capacity) {
        this.capacity = capacity;
        this.#deadCapacity = capacity;
    }
    async append(events) {
        if (this.#undelivered.length + this.#pending.size + events.length > this.capacity)
            throw new QueueFullError();
        for (const event of events) {
            this.#sequence += 1;
            const raw = JSON.stringify(event);
            this.#undelivered.push({ id: `${Date.now()}-${this.#sequence}`, event, raw });
        }
        this.#wake?.();
    }
    async readNew(consumer, count, blockMs) {
        if (this.#undelivered.length === 0 && blockMs > 0) {
            await new Promise((resolve) => {
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
        for (const entry of taken)
            this.#pending.set(entry.id, { entry, consumer, deliveries: 1, deliveredAt: now });
        return taken;
    }
    async claimIdle(consumer, minIdleMs, count) {
        const now = Date.now();
        const claimed = [];
        for (const pending of this.#pending.values()) {
            if (claimed.length >= count)
                break;
            if (now - pending.deliveredAt < minIdleMs)
                continue;
            pending.consumer = consumer;
            pending.deliveries += 1;
            pending.deliveredAt = now;
            claimed.push(pending.entry);
        }
        return claimed;
    }
    async renew(consumer, ids) {
        const now = Date.now();
        const renewed = [];
        for (const id of ids) {
            const pending = this.#pending.get(id);
            if (!pending)
                continue;
            pending.consumer = consumer;
            pending.deliveries += 1;
            pending.deliveredAt = now;
            renewed.push(pending.entry);
        }
        return renewed;
    }
    async deliveries(_consumer, ids) {
        return ids.reduce((max, id) => Math.max(max, this.#pending.get(id)?.deliveries ?? 0), 0);
    }
    async ack(ids) {
        for (const id of ids)
            this.#pending.delete(id);
    }
    async deadLetter(entries) {
        for (const entry of entries) {
            this.#pending.delete(entry.id);
            this.#dead.push(entry);
        }
        // Dead letters in memory are kept for inspection up to a bound; the log line is the record.
        if (this.#dead.length > this.#deadCapacity)
            this.#dead.splice(0, this.#dead.length - this.#deadCapacity);
    }
    async counts() {
        return { queued: this.#undelivered.length, pending: this.#pending.size, deadLettered: this.#dead.length };
    }
    interrupt() {
        this.#wake?.();
    }
    async removeConsumer() {
        // One process, one consumer: nothing to forget.
    }
    async removeIdleConsumers() {
        return [];
    }
}
//# sourceMappingURL=memory-visit-log-stream.js.map