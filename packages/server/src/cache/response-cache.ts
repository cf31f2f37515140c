import type { FastifyBaseLogger } from 'fastify';
import { ByteLru } from '../lib/byte-lru.js';
import type { GatewayMetrics } from '../lib/metrics.js';
import { sleep } from '../lib/timing.js';
import type { CachePolicy } from '../route-table.js';
import { hashKey, toEntry, withCodings, type Answer, type CacheEntry, type ProducedAnswer } from './cache-entry.js';
import type { PurgeMessage, PurgeRequest, RedisCacheStore } from './redis-cache-store.js';
import { Tombstones } from './tombstones.js';

export interface ResponseCacheOptions {
  memoryBytes: number;
  maxEntryBytes: number;
  lockMs: number;
  lockWaitMs: number;
  /** Entries of compressible answers at least this large keep br and gzip forms. */
  compressMinBytes: number;
  /** The longest an entry lives (freshness plus stale-if-error, over all routes): how long a purge's tombstone is kept. */
  tombstoneMs: number;
}

/** The x-cache value of a proxied answer: from the cache, fresh or stale, from the upstream, or past the cache. */
export type CacheStatus = 'HIT' | 'MISS' | 'STALE' | 'BYPASS';

/** What the cache answered with and how (the x-cache value). */
export interface CacheOutcome {
  answer: Answer;
  status: Exclude<CacheStatus, 'BYPASS'>;
}

/** A fill in flight: its promise, and when and for which tags it called the upstream (a purge since buries it). */
interface Inflight {
  promise: Promise<Filled | null>;
  tags: readonly string[];
  path: string;
  storedAt: number;
}

interface Filled {
  answer: ProducedAnswer | CacheEntry;
  /** True when another replica filled the entry and this one read it. */
  fromPeer: boolean;
}

/** An answer that tells of an upstream failure (the proxy maps those to 5xx). */
const isFailure = (statusCode: number): boolean => statusCode >= 500;

/**
 * The two-tier response cache: a byte-bounded in-process LRU in front of Redis (or alone, without
 * REDIS_URL or while Redis is unreachable). Concurrent misses on one key make one upstream call:
 * within a process through a shared promise, across replicas through a short Redis lock whose
 * waiters poll for the holder's entry and, past a bound, call through. Past freshness an entry is
 * served STALE while one background refresh runs; past that window it is still served when the
 * upstream fails, until its stale-if-error window ends. A purge leaves tombstones (tombstones.ts):
 * nothing older than a purge of its tags is kept or served again, stale or not.
 */
export class ResponseCache {
  readonly #front: ByteLru<CacheEntry>;
  readonly #shared: RedisCacheStore | null;
  readonly #inflight = new Map<string, Inflight>();
  readonly #tombstones: Tombstones;
  readonly #options: ResponseCacheOptions;
  readonly #metrics: GatewayMetrics;
  readonly #log: FastifyBaseLogger;

  constructor(
    options: ResponseCacheOptions,
    shared: RedisCacheStore | null,
    metrics: GatewayMetrics,
    log: FastifyBaseLogger,
  ) {
    this.#options = options;
    this.#front = new ByteLru(options.memoryBytes);
    this.#tombstones = new Tombstones(options.tombstoneMs);
    this.#shared = shared;
    this.#metrics = metrics;
    this.#log = log;
  }

  /** Bytes and entries of the in-process tier. */
  get memory(): { bytes: number; entries: number } {
    return { bytes: this.#front.bytes, entries: this.#front.count };
  }

  /** Tombstones held (metrics). */
  get tombstones(): number {
    return this.#tombstones.size;
  }

  /**
   * The fresh entry for a key in the in-process tier, found synchronously: a hit is answered
   * without a promise or a Redis round trip. Anything else (absent, stale) goes through respond().
   */
  hit(key: string): CacheEntry | undefined {
    const entry = this.#front.get(key);
    return entry !== undefined && entry.freshUntil > Date.now() ? entry : undefined;
  }

  /**
   * Answers a cacheable request: from the cache when it can, else through `produce` (the upstream
   * call), storing what may be stored. Rejects with produce's error when there is nothing to fall back on.
   */
  async respond(
    key: string,
    path: string,
    policy: CachePolicy,
    produce: () => Promise<ProducedAnswer>,
  ): Promise<CacheOutcome> {
    const fresh = this.hit(key);
    if (fresh !== undefined) return { answer: fresh, status: 'HIT' };
    const now = Date.now();
    let entry = this.#front.get(key);

    let hash = '';
    if (this.#shared?.ready) {
      hash = hashKey(key);
      const shared = await this.#sharedGet(path, hash);
      if (shared && (!entry || shared.storedAt > entry.storedAt)) {
        entry = this.#keep(key, shared) ?? entry;
      }
      // A purge may have come while Redis answered.
      if (entry && !this.#alive(entry)) entry = undefined;
      if (entry && entry.freshUntil > now) return { answer: entry, status: 'HIT' };
    }
    if (entry && entry.errorStaleUntil <= now) {
      this.#front.delete(key);
      entry = undefined;
    }

    if (entry && entry.staleUntil > now) {
      this.#refreshInBackground(key, path, hash, policy, produce);
      return { answer: entry, status: 'STALE' };
    }

    try {
      const filled = await this.#fill(key, path, hash, policy, produce);
      if (entry && isFailure(filled.answer.statusCode) && this.#servableOnError(entry)) {
        return { answer: entry, status: 'STALE' };
      }
      return { answer: filled.answer, status: filled.fromPeer ? 'HIT' : 'MISS' };
    } catch (err) {
      if (entry && this.#servableOnError(entry)) {
        this.#log.debug({ path, reason: (err as Error).message }, 'upstream failed; serving stale answer');
        return { answer: entry, status: 'STALE' };
      }
      throw err;
    }
  }

  /**
   * Drops matching entries here and, through Redis, in every replica, leaving tombstones so that
   * none comes back (a fill in flight, a stale answer when the upstream fails); returns how many
   * were dropped.
   */
  async purge(request: PurgeRequest): Promise<{ purged: number; everywhere: boolean }> {
    const at = Date.now();
    const local = this.dropLocal({ ...request, at });
    if (!this.#shared) return { purged: local, everywhere: true };
    if (!this.#shared.ready) return { purged: local, everywhere: false };
    // Tombstones in Redis before the entries go: a replica that reads one back after the delete knows to refuse it.
    await this.#shared.bury(request, at, this.#options.tombstoneMs);
    const purged = await this.#shared.purge(request);
    await this.#shared.broadcast({ ...request, at });
    return { purged: Math.max(purged, local), everywhere: true };
  }

  /**
   * Drops matching entries from the in-process tier only (this replica's purge, or one broadcast
   * from another replica), after burying them: marked at the later of the purge's time and now, so
   * that a fill this replica began before it heard of the purge is refused too.
   */
  dropLocal(request: PurgeMessage): number {
    this.#tombstones.mark(request, Math.max(request.at, Date.now()));
    const tags = new Set(request.tags ?? []);
    const prefix = request.prefix;
    return this.#front.deleteWhere(
      (_key, entry) =>
        entry.tags.some((tag) => tags.has(tag)) || (prefix !== undefined && entry.path.startsWith(prefix)),
    );
  }

  /** Empties the in-process tier (after a Redis outage, purges may have been missed). */
  clearLocal(): void {
    this.#front.clear();
  }

  /** Takes in tombstones kept in Redis (at start and after each reconnect: broadcasts may have been missed). */
  restoreTombstones(purges: readonly PurgeMessage[]): void {
    for (const purge of purges) this.#tombstones.mark(purge, purge.at);
  }

  #fill(
    key: string,
    path: string,
    hash: string,
    policy: CachePolicy,
    produce: () => Promise<ProducedAnswer>,
  ): Promise<Filled> {
    const running = this.#inflight.get(key);
    // A fill that began before a purge of its tags may bring back what was purged: this request
    // makes its own. A background refresh that stepped aside for another replica resolves null:
    // fill in the foreground then.
    if (running && this.#alive(running)) {
      return running.promise.then((result) => result ?? this.#fill(key, path, hash, policy, produce));
    }
    return this.#track(key, path, policy, (started) =>
      this.#lead(key, path, hash, policy, produce, false, started),
    ) as Promise<Filled>;
  }

  #refreshInBackground(
    key: string,
    path: string,
    hash: string,
    policy: CachePolicy,
    produce: () => Promise<ProducedAnswer>,
  ): void {
    if (this.#inflight.has(key)) return;
    this.#track(key, path, policy, (started) => this.#lead(key, path, hash, policy, produce, true, started)).catch(
      (err: Error) => {
        this.#log.warn({ path, reason: err.message }, 'background cache refresh failed');
      },
    );
  }

  #track(
    key: string,
    path: string,
    policy: CachePolicy,
    start: (started: number) => Promise<Filled | null>,
  ): Promise<Filled | null> {
    const storedAt = Date.now();
    const tracked = start(storedAt).finally(() => {
      if (this.#inflight.get(key)?.promise === tracked) this.#inflight.delete(key);
    });
    this.#inflight.set(key, { promise: tracked, tags: policy.tags, path, storedAt });
    return tracked;
  }

  /**
   * Fills one key: takes the cross-replica lock (or waits for its holder's entry), calls the
   * upstream, stores a cacheable answer, releases the lock. In background mode it steps aside
   * (null) when another replica holds the lock, as that replica is refreshing already.
   */
  async #lead(
    key: string,
    path: string,
    rawHash: string,
    policy: CachePolicy,
    produce: () => Promise<ProducedAnswer>,
    background: boolean,
    started: number,
  ): Promise<Filled | null> {
    const shared = this.#shared?.ready ? this.#shared : null;
    const hash = shared ? rawHash || hashKey(key) : rawHash;
    let token: string | null = null;
    if (shared) {
      try {
        token = await shared.lock(hash, this.#options.lockMs);
      } catch (err) {
        this.#storeError('lock', err);
      }
      if (token === null && shared.ready) {
        if (background) return null;
        const peer = await this.#waitForPeer(shared, path, hash);
        const kept = peer && this.#keep(key, peer);
        if (kept) return { answer: kept, fromPeer: true };
      }
    }
    try {
      if (token !== null && shared) {
        // Double-check under the lock: another replica may have filled the key between our read and our lock.
        const filled = await this.#sharedGet(path, hash);
        const kept = filled && filled.freshUntil > Date.now() ? this.#keep(key, filled) : undefined;
        if (kept) return { answer: kept, fromPeer: true };
      }
      const answer = await produce();
      if (answer.cacheable && answer.body.length <= this.#options.maxEntryBytes) {
        // Fresh from now, dated from the upstream call's start: a purge that came while it ran buries it.
        const made = toEntry(answer, path, policy, Date.now(), started);
        const entry = this.#keep(key, made);
        // Purged meanwhile: this answer goes to the requests that waited for it, and nowhere else.
        if (entry === undefined) return { answer: withCodings(made, this.#options.compressMinBytes), fromPeer: false };
        if (shared) {
          // Stored before the lock is released, so waiting replicas find it.
          await shared.set(hash, entry).catch((err: unknown) => this.#storeError('set', err));
        }
        // The entry, not the bare answer: its compressed forms serve this miss too.
        return { answer: entry, fromPeer: false };
      }
      return { answer, fromPeer: false };
    } finally {
      if (token !== null && shared)
        await shared.unlock(hash, token).catch((err: unknown) => this.#storeError('unlock', err));
    }
  }

  /**
   * Polls for the entry another replica is filling. Returns it when it appears; undefined when the
   * lock was released without an entry (the answer was not cacheable), the bound passed, or Redis failed.
   */
  async #waitForPeer(shared: RedisCacheStore, path: string, hash: string): Promise<CacheEntry | undefined> {
    const deadline = Date.now() + this.#options.lockWaitMs;
    let interval = 5;
    while (Date.now() < deadline) {
      await sleep(Math.min(interval, Math.max(1, deadline - Date.now())));
      interval = Math.min(interval * 2, 50);
      try {
        const { entry, locked } = await shared.poll(path, hash);
        if (entry && entry.freshUntil > Date.now()) return entry;
        if (!locked) return undefined;
      } catch (err) {
        this.#storeError('poll', err);
        return undefined;
      }
    }
    return undefined;
  }

  async #sharedGet(path: string, hash: string): Promise<CacheEntry | undefined> {
    try {
      return await this.#shared!.get(path, hash);
    } catch (err) {
      this.#storeError('get', err);
      return undefined;
    }
  }

  /**
   * Puts an entry in the in-process tier in its ready-to-send form (compressed forms made here,
   * once); undefined, and nothing kept, when a purge buried it (one read back from Redis is
   * deleted there too).
   */
  #keep(key: string, entry: CacheEntry): CacheEntry | undefined {
    if (!this.#alive(entry)) {
      if (this.#shared?.ready) {
        void this.#shared.delete(entry.path, hashKey(key)).catch((err: unknown) => this.#storeError('delete', err));
      }
      return undefined;
    }
    const kept = withCodings(entry, this.#options.compressMinBytes);
    this.#front.set(key, kept);
    return kept;
  }

  #alive(entry: { tags: readonly string[]; path: string; storedAt: number }): boolean {
    return !this.#tombstones.buries(entry);
  }

  /** Whether an entry may answer for a failed upstream: within its stale-if-error window, and not purged since. */
  #servableOnError(entry: CacheEntry): boolean {
    return entry.errorStaleUntil > Date.now() && this.#alive(entry);
  }

  #storeError(operation: string, err: unknown): void {
    this.#metrics.cacheStoreErrors.inc({ operation });
    this.#log.debug({ operation, reason: (err as Error).message }, 'shared cache operation failed');
  }
}
