/**
 * Per-client fixed-window request counters, synchronous: one Map lookup and one Date.now() per
 * request, no promise. The same semantics as @fastify/rate-limit's in-memory store, which it
 * replaces on the hot path (the profile figures are in the package README): a client's window
 * starts with its first request and lasts `windowMs`; past `max` requests in it, every request is
 * refused until it ends. Counts are per process (with N processes a client gets up to N × max).
 */
export class WindowCounter {
    max;
    windowMs;
    capacity;
    #slots = new Map();
    constructor(max, windowMs, 
    /** Clients remembered at once; past it the expired ones go, then the oldest. */
    capacity = 50_000) {
        this.max = max;
        this.windowMs = windowMs;
        this.capacity = capacity;
    }
    /** Clients with a window open. */
    get size() {
        return this.#slots.size;
    }
    /** Counts one request of `client`: null when it is allowed, else the refusal. */
    take(client, now = Date.now()) {
        let slot = this.#slots.get(client);
        if (slot === undefined) {
            if (this.#slots.size >= this.capacity)
                this.#evict(now);
            slot = { count: 0, resetAt: now + this.windowMs };
            this.#slots.set(client, slot);
        }
        else if (slot.resetAt <= now) {
            slot.count = 0;
            slot.resetAt = now + this.windowMs;
        }
        slot.count += 1;
        if (slot.count <= this.max)
            return null;
        const retryAfterMs = slot.resetAt - now;
        const seconds = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
        return {
            retryAfterMs,
            headers: {
                'x-ratelimit-limit': String(this.max),
                'x-ratelimit-remaining': '0',
                'x-ratelimit-reset': seconds,
                'retry-after': seconds,
            },
        };
    }
    /** Drops expired windows; if none had expired, the oldest tenth (a flood of new addresses). */
    #evict(now) {
        for (const [client, slot] of this.#slots)
            if (slot.resetAt <= now)
                this.#slots.delete(client);
        if (this.#slots.size < this.capacity)
            return;
        let drop = Math.max(1, Math.floor(this.capacity / 10));
        for (const client of this.#slots.keys()) {
            this.#slots.delete(client);
            if (--drop === 0)
                break;
        }
    }
}
/**
 * The gateway's counters: one global window shared by every route without a limit of its own
 * (unknown paths included), and one per route path that has its own (strict routes, the visit-log
 * intake, the purge endpoint). The Fastify hook and the cache-hit fast path ask here for the same
 * counter of a path, so a hit answered either way counts once against the same limit.
 */
export class RateLimits {
    global;
    #byPath = new Map();
    constructor(options) {
        this.global = new WindowCounter(options.max, options.windowMs);
    }
    /** The counter of a route (by its path), or null when the route is exempt. */
    forRoute(path, limit) {
        if (limit === false)
            return null;
        if (limit === undefined)
            return this.global;
        let counter = this.#byPath.get(path);
        if (counter === undefined) {
            counter = new WindowCounter(limit.max, limit.timeWindow);
            this.#byPath.set(path, counter);
        }
        return counter;
    }
}
//# sourceMappingURL=rate-limiter.js.map