import { randomUUID } from 'node:crypto';
import { RESP_TYPES } from 'redis';
import { decodeEntry, encodeEntry } from './cache-entry.js';
const UNLOCK_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
const DELETE_CHUNK = 500;
/**
 * The shared cache tier in Redis: serialized entries with a hard expiry at the end of their
 * stale-if-error window, a set of entry keys per tag, a short SET NX PX lock per key so one
 * replica fills while the others wait, and a pub/sub channel that tells every replica to drop
 * purged entries from its in-process tier.
 */
export class RedisCacheStore {
    #redis;
    #bytesOf = null;
    #bytesClient = null;
    channel;
    constructor(redis) {
        this.#redis = redis;
        this.channel = redis.key('cache', 'purge');
    }
    /** The shared connection answering Buffers (a hit sends the stored bytes as they are); follows a new master. */
    get #bytes() {
        const client = this.#redis.client;
        if (this.#bytesOf !== client || !this.#bytesClient) {
            this.#bytesOf = client;
            this.#bytesClient = bufferClient(client);
        }
        return this.#bytesClient;
    }
    get ready() {
        return this.#redis.isReady;
    }
    // Cluster-safe keys: an entry and its fill lock share the hash tag {hash}, so they live in one
    // slot; a tag set has its own tag {t:tag}. No command spans two of these slots (see set, purge).
    #entryKey(path, hash) {
        return this.#redis.key('cache', 'e', path, `{${hash}}`);
    }
    #lockKey(hash) {
        return this.#redis.key('cache', 'l', `{${hash}}`);
    }
    #tagKey(tag) {
        return this.#redis.key('cache', 't', `{t:${tag}}`);
    }
    async get(path, hash) {
        const bytes = await this.#bytes.get(this.#entryKey(path, hash));
        return bytes ? decodeEntry(bytes) : undefined;
    }
    /** The entry (if any) and whether a replica still holds the fill lock, in one round trip. */
    async poll(path, hash) {
        // Issued together, the two commands share one round trip (node-redis pipelines a tick's commands).
        const [bytes, locked] = await Promise.all([
            this.#bytes.get(this.#entryKey(path, hash)),
            this.#redis.client.exists(this.#lockKey(hash)),
        ]);
        return { entry: bytes ? decodeEntry(bytes) : undefined, locked: locked > 0 };
    }
    async set(hash, entry) {
        const ttlMs = Math.max(1, entry.errorStaleUntil - Date.now());
        const key = this.#entryKey(entry.path, hash);
        const client = this.#redis.client;
        // One transaction per slot, all sent in one round trip: the tag sets first, so a purge by tag
        // that runs in between finds the key (deleting a key not yet written is harmless).
        const writes = entry.tags.map((tag) => {
            const tagKey = this.#tagKey(tag);
            // The tag set lives as long as its longest-lived entry: NX sets a first expiry, GT only extends it.
            return client.multi().sAdd(tagKey, key).pExpire(tagKey, ttlMs, 'NX').pExpire(tagKey, ttlMs, 'GT').exec();
        });
        writes.push(client.set(key, encodeEntry(entry), { PX: ttlMs }));
        await Promise.all(writes);
    }
    /** A lock token when this replica may fill the key, null when another replica holds the lock. */
    async lock(hash, ttlMs) {
        const token = randomUUID();
        const result = await this.#redis.client.set(this.#lockKey(hash), token, { NX: true, PX: ttlMs });
        return result === 'OK' ? token : null;
    }
    async unlock(hash, token) {
        await this.#redis.client.eval(UNLOCK_SCRIPT, { keys: [this.#lockKey(hash)], arguments: [token] });
    }
    /** Deletes matching entries; returns how many existed. */
    async purge(request) {
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
     * Tells every replica (this one included) to drop matching entries from its in-process tier.
     * In a cluster a regular PUBLISH is forwarded to every node, so subscribers on any node hear it
     * (purges are rare: the broadcast costs nothing that matters).
     */
    async broadcast(request) {
        await this.#redis.client.publish(this.channel, JSON.stringify(request));
    }
    /** Deletes key by key (entries live in many slots), a chunk of commands per round trip. */
    async #delete(keys) {
        let deleted = 0;
        const client = this.#redis.client;
        for (let i = 0; i < keys.length; i += DELETE_CHUNK) {
            const counts = await Promise.all(keys.slice(i, i + DELETE_CHUNK).map((key) => client.unlink(key)));
            for (const count of counts)
                deleted += count;
        }
        return deleted;
    }
}
function bufferClient(client) {
    return client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
}
/** Escapes Redis glob metacharacters so a path prefix matches literally. */
function globEscape(value) {
    return value.replace(/[*?[\]\\]/g, (ch) => `\\${ch}`);
}
//# sourceMappingURL=redis-cache-store.js.map