import { rateLimitClient } from './client-ip.js';

/**
 * Per-client fixed-window request counters, synchronous: one Map lookup and one Date.now() per
 * request, no promise. The same semantics as @fastify/rate-limit's in-memory store, which it
 * replaces on the hot path (the profile figures are in the package README): a client's window
 * starts with its first request and lasts `windowMs`; past `max` requests in it, every request is
 * refused until it ends. Counts are per process (with N processes a client gets up to N × max).
 */

/** What a route asks for: its own limit, or none (probes). Undefined: the global limit. */
export type RouteRateLimit = { max: number; timeWindow: number } | false | undefined;

interface Slot {
  count: number;
  resetAt: number;
}

/** A refusal: the headers @fastify/rate-limit sent with its 429, and how long to wait. */
export interface Refusal {
  retryAfterMs: number;
  headers: Readonly<Record<string, string>>;
}

export class WindowCounter {
  readonly #slots = new Map<string, Slot>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    /** Clients remembered at once; past it the expired ones go, then the oldest. */
    readonly capacity = 50_000,
  ) {}

  /** Clients with a window open. */
  get size(): number {
    return this.#slots.size;
  }

  /**
   * Counts one request of the client at `ip` (an IPv6 address by its /64: rateLimitClient): null
   * when it is allowed, else the refusal.
   */
  take(ip: string, now = Date.now()): Refusal | null {
    const client = rateLimitClient(ip);
    let slot = this.#slots.get(client);
    if (slot === undefined) {
      if (this.#slots.size >= this.capacity) this.#evict(now);
      slot = { count: 0, resetAt: now + this.windowMs };
      this.#slots.set(client, slot);
    } else if (slot.resetAt <= now) {
      slot.count = 0;
      slot.resetAt = now + this.windowMs;
    }
    slot.count += 1;
    if (slot.count <= this.max) return null;
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
  #evict(now: number): void {
    for (const [client, slot] of this.#slots) if (slot.resetAt <= now) this.#slots.delete(client);
    if (this.#slots.size < this.capacity) return;
    let drop = Math.max(1, Math.floor(this.capacity / 10));
    for (const client of this.#slots.keys()) {
      this.#slots.delete(client);
      if (--drop === 0) break;
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
  readonly global: WindowCounter;
  readonly #byPath = new Map<string, WindowCounter>();

  constructor(options: { max: number; windowMs: number }) {
    this.global = new WindowCounter(options.max, options.windowMs);
  }

  /** The counter of a route (by its path), or null when the route is exempt. */
  forRoute(path: string, limit: RouteRateLimit): WindowCounter | null {
    if (limit === false) return null;
    if (limit === undefined) return this.global;
    let counter = this.#byPath.get(path);
    if (counter === undefined) {
      counter = new WindowCounter(limit.max, limit.timeWindow);
      this.#byPath.set(path, counter);
    }
    return counter;
  }
}
