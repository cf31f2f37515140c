import type { PurgeRequest } from './redis-cache-store.js';

/** What a tombstone is checked against: an entry's tags, path and the time its upstream call began. */
export interface Buriable {
  tags: readonly string[];
  path: string;
  storedAt: number;
}

/**
 * Purges as tombstones: when each tag (and path prefix) was last purged. An entry whose upstream
 * call began at or before its tag's purge may hold what the purge withdrew, so it is neither kept
 * nor served — fresh, stale or when the upstream fails — however it reaches this replica (a fill
 * that was in flight, another replica's write to Redis, a read that raced the purge). A tombstone
 * is forgotten once no entry it could bury can still be alive (horizonMs: the longest lifetime of
 * any entry, freshness plus the stale-if-error window).
 */
export class Tombstones {
  readonly #tags = new Map<string, number>();
  readonly #prefixes = new Map<string, number>();
  readonly #horizonMs: number;

  constructor(horizonMs: number) {
    this.#horizonMs = horizonMs;
  }

  /** Records a purge at `at` (ms); an earlier record of the same tag is kept if later. */
  mark(request: PurgeRequest, at: number): void {
    for (const tag of request.tags ?? []) this.#tags.set(tag, Math.max(at, this.#tags.get(tag) ?? 0));
    if (request.prefix !== undefined) {
      this.#prefixes.set(request.prefix, Math.max(at, this.#prefixes.get(request.prefix) ?? 0));
    }
    this.#prune(at);
  }

  /** True when a purge since the entry's upstream call began names one of its tags or its path. */
  buries(entry: Buriable): boolean {
    if (this.#tags.size > 0) {
      for (const tag of entry.tags) {
        const at = this.#tags.get(tag);
        if (at !== undefined && at >= entry.storedAt) return true;
      }
    }
    for (const [prefix, at] of this.#prefixes) {
      if (at >= entry.storedAt && entry.path.startsWith(prefix)) return true;
    }
    return false;
  }

  /** Tombstones held (metrics, tests). */
  get size(): number {
    return this.#tags.size + this.#prefixes.size;
  }

  #prune(now: number): void {
    const before = now - this.#horizonMs;
    for (const map of [this.#tags, this.#prefixes]) {
      for (const [name, at] of map) if (at < before) map.delete(name);
    }
  }
}
