import { randomUUID } from 'node:crypto';
import { RESP_TYPES } from 'redis';
import type { RedisConnection } from '../lib/redis-connection.js';
import { decodeEntry, encodeEntry, type CacheEntry } from './cache-entry.js';

/** What a purge drops: entries carrying any of the tags, and entries whose path starts with the prefix. */
export interface PurgeRequest {
  tags?: readonly string[];
  prefix?: string;
}

/** A purge as replicas tell each other: the request and when it was made (the tombstones' time). */
export interface PurgeMessage extends PurgeRequest {
  at: number;
}

/** A purge's tombstone members: t:<tag> and p:<prefix>. */
const tombstoneMembers = (request: PurgeRequest): string[] => [
  ...(request.tags ?? []).map((tag) => `t:${tag}`),
  ...(request.prefix === undefined ? [] : [`p:${request.prefix}`]),
];

/** Moves a number on, never back (replicas apply the same changes at their own pace). */
const RAISE_SCRIPT = `local current = tonumber(redis.call('GET', KEYS[1]) or '-1') if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1]) end return 0`;
const UNLOCK_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
const DELETE_CHUNK = 500;

/**
 * The shared cache tier in Redis: serialized entries with a hard expiry at the end of their
 * stale-if-error window, a set of entry keys per tag, a short SET NX PX lock per key so one
 * replica fills while the others wait, and a pub/sub channel that tells every replica to drop
 * purged entries from its in-process tier.
 */
export class RedisCacheStore {
  readonly #redis: RedisConnection;
  #bytesOf: RedisConnection['client'] | null = null;
  #bytesClient: ReturnType<typeof bufferClient> | null = null;
  readonly channel: string;
  /** One sorted set of the purges' tombstones (member t:<tag> or p:<prefix>, score: when), one slot. */
  readonly #tombstonesKey: string;

  constructor(redis: RedisConnection) {
    this.#redis = redis;
    this.channel = redis.key('cache', 'purge');
    this.#tombstonesKey = redis.key('cache', 'tombstones');
  }

  /** The shared connection answering Buffers (a hit sends the stored bytes as they are); follows a new master. */
  get #bytes(): ReturnType<typeof bufferClient> {
    const client = this.#redis.client;
    if (this.#bytesOf !== client || !this.#bytesClient) {
      this.#bytesOf = client;
      this.#bytesClient = bufferClient(client);
    }
    return this.#bytesClient;
  }

  get ready(): boolean {
    return this.#redis.isReady;
  }

  // Cluster-safe keys: an entry and its fill lock share the hash tag {hash}, so they live in one
  // slot; a tag set has its own tag {t:tag}. No command spans two of these slots (see set, purge).

  #entryKey(path: string, hash: string): string {
    return this.#redis.key('cache', 'e', path, `{${hash}}`);
  }

  #lockKey(hash: string): string {
    return this.#redis.key('cache', 'l', `{${hash}}`);
  }

  #tagKey(tag: string): string {
    return this.#redis.key('cache', 't', `{t:${tag}}`);
  }

  async get(path: string, hash: string): Promise<CacheEntry | undefined> {
    const bytes = await this.#bytes.get(this.#entryKey(path, hash));
    return bytes ? decodeEntry(bytes) : undefined;
  }

  /** The entry (if any) and whether a replica still holds the fill lock, in one round trip. */
  async poll(path: string, hash: string): Promise<{ entry: CacheEntry | undefined; locked: boolean }> {
    // Issued together, the two commands share one round trip (node-redis pipelines a tick's commands).
    const [bytes, locked] = await Promise.all([
      this.#bytes.get(this.#entryKey(path, hash)),
      this.#redis.client.exists(this.#lockKey(hash)),
    ]);
    return { entry: bytes ? decodeEntry(bytes) : undefined, locked: locked > 0 };
  }

  async set(hash: string, entry: CacheEntry): Promise<void> {
    const ttlMs = Math.max(1, entry.errorStaleUntil - Date.now());
    const key = this.#entryKey(entry.path, hash);
    const client = this.#redis.client;
    // One transaction per slot, all sent in one round trip: the tag sets first, so a purge by tag
    // that runs in between finds the key (deleting a key not yet written is harmless).
    const writes: Promise<unknown>[] = entry.tags.map((tag) => {
      const tagKey = this.#tagKey(tag);
      // The tag set lives as long as its longest-lived entry: NX sets a first expiry, GT only extends it.
      return client.multi().sAdd(tagKey, key).pExpire(tagKey, ttlMs, 'NX').pExpire(tagKey, ttlMs, 'GT').exec();
    });
    writes.push(client.set(key, encodeEntry(entry), { PX: ttlMs }));
    await Promise.all(writes);
  }

  /** The last public change applied to this cache (plugins/public-changes.ts); null: none yet. */
  async changesApplied(): Promise<number | null> {
    const value = await this.#redis.client.get(this.#redis.key('cache', 'changes-applied'));
    return value === null ? null : Number(value);
  }

  /** Records that the public changes through `seq` are applied (kept without expiry: the shared tier's resume point). */
  async markChangesApplied(seq: number): Promise<void> {
    await this.#redis.client.eval(RAISE_SCRIPT, {
      keys: [this.#redis.key('cache', 'changes-applied')],
      arguments: [String(seq)],
    });
  }

  /** Deletes one entry (one that a purge buried, written back by a fill that was in flight). */
  async delete(path: string, hash: string): Promise<void> {
    await this.#redis.client.unlink(this.#entryKey(path, hash));
  }

  /** A lock token when this replica may fill the key, null when another replica holds the lock. */
  async lock(hash: string, ttlMs: number): Promise<string | null> {
    const token = randomUUID();
    const result = await this.#redis.client.set(this.#lockKey(hash), token, { NX: true, PX: ttlMs });
    return result === 'OK' ? token : null;
  }

  async unlock(hash: string, token: string): Promise<void> {
    await this.#redis.client.eval(UNLOCK_SCRIPT, { keys: [this.#lockKey(hash)], arguments: [token] });
  }

  /** Deletes matching entries; returns how many existed. */
  async purge(request: PurgeRequest): Promise<number> {
    let deleted = 0;
    for (const tag of request.tags ?? []) {
      const tagKey = this.#tagKey(tag);
      const keys = await this.#redis.client.sMembers(tagKey);
      deleted += await this.#delete(keys);
      await this.#redis.client.del(tagKey);
    }
    if (request.prefix !== undefined) {
      const match = `${globEscape(this.#redis.key('cache', 'e', request.prefix))}*`;
      // Every master of a cluster is scanned: entries of one prefix live in many slots.
      for await (const keys of this.#redis.scan(match)) {
        deleted += await this.#delete(keys);
      }
    }
    return deleted;
  }

  /**
   * Keeps a purge's tombstones for horizonMs, so that a replica that starts (or reconnects) later
   * still refuses entries older than the purge that another replica writes back.
   */
  async bury(request: PurgeRequest, at: number, horizonMs: number): Promise<void> {
    const members = tombstoneMembers(request);
    if (members.length === 0) return;
    await this.#redis.client
      .multi()
      // GT: a later purge moves a tombstone on, an earlier one (a slow replica) does not move it back.
      .zAdd(
        this.#tombstonesKey,
        members.map((value) => ({ score: at, value })),
        { GT: true },
      )
      .zRemRangeByScore(this.#tombstonesKey, '-inf', `(${at - horizonMs}`)
      .pExpire(this.#tombstonesKey, horizonMs)
      .exec();
  }

  /** The tombstones kept in Redis, as purges with their time. */
  async tombstones(): Promise<PurgeMessage[]> {
    const members = await this.#redis.client.zRangeWithScores(this.#tombstonesKey, 0, -1);
    return members.map(({ value, score }) =>
      value.startsWith('p:') ? { prefix: value.slice(2), at: score } : { tags: [value.slice(2)], at: score },
    );
  }

  /**
   * Tells every replica (this one included) to drop matching entries from its in-process tier.
   * In a cluster a regular PUBLISH is forwarded to every node, so subscribers on any node hear it
   * (purges are rare: the broadcast costs nothing that matters).
   */
  async broadcast(request: PurgeMessage): Promise<void> {
    await this.#redis.client.publish(this.channel, JSON.stringify(request));
  }

  /** Deletes key by key (entries live in many slots), a chunk of commands per round trip. */
  async #delete(keys: readonly string[]): Promise<number> {
    let deleted = 0;
    const client = this.#redis.client;
    for (let i = 0; i < keys.length; i += DELETE_CHUNK) {
      const counts = await Promise.all(keys.slice(i, i + DELETE_CHUNK).map((key) => client.unlink(key)));
      for (const count of counts) deleted += count;
    }
    return deleted;
  }
}

function bufferClient(client: RedisConnection['client']) {
  return client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
}

/** Escapes Redis glob metacharacters so a path prefix matches literally. */
function globEscape(value: string): string {
  return value.replace(/[*?[\]\\]/g, (ch) => `\\${ch}`);
}
