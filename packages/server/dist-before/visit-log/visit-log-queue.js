import { QueueUnavailableError } from './visit-log-stream.js';
/**
 * What the intake endpoint talks to: appends go to the stream, and the intake answers 202 only
 * once they are there. While Redis is unreachable nothing is held in this process (a replica
 * killed then would lose it): appends fail with QueueUnavailableError, the intake answers 503
 * with Retry-After, and the browser keeps the events in its own queue and sends them again.
 * Runs the forwarder; on shutdown stops it and, without Redis, drains the in-process queue.
 */
export class VisitLogQueue {
    #stream;
    #forwarder;
    #log;
    #unavailableSince = null;
    constructor(stream, forwarder, log) {
        this.#stream = stream;
        this.#forwarder = forwarder;
        this.#log = log;
    }
    /**
     * Queues events durably (Redis), or in the in-process queue without REDIS_URL. Throws
     * QueueFullError (in-process bound reached) or QueueUnavailableError (Redis unreachable).
     */
    async append(events) {
        if (events.length === 0)
            return;
        if (this.#stream.durable && !this.#stream.ready)
            throw this.#unavailable('redis not connected');
        try {
            await this.#stream.append(events);
        }
        catch (err) {
            if (!this.#stream.durable)
                throw err;
            throw this.#unavailable(err.message);
        }
        if (this.#unavailableSince !== null) {
            this.#log.info({ downMs: Date.now() - this.#unavailableSince }, 'visit-log intake accepting events again');
            this.#unavailableSince = null;
        }
    }
    start() {
        this.#forwarder.start();
    }
    async counts() {
        return this.#stream.counts();
    }
    /** Graceful shutdown: the forwarder's batch in hand gets its attempt, nothing queued is dropped silently. */
    async close(deadline) {
        await this.#forwarder.stop();
        if (!this.#stream.durable) {
            const left = await this.#forwarder.drain(deadline).catch(() => -1);
            if (left !== 0)
                this.#log.error({ count: left }, 'visit-log events not delivered before shutdown');
            return;
        }
        await this.#stream.removeConsumer(this.#forwarder.consumer).catch(() => undefined);
    }
    #unavailable(reason) {
        // One line per outage, not one per refused request.
        if (this.#unavailableSince === null) {
            this.#unavailableSince = Date.now();
            this.#log.warn({ reason }, 'redis unreachable; visit-log intake answers 503 until it is back');
        }
        return new QueueUnavailableError();
    }
}
//# sourceMappingURL=visit-log-queue.js.map