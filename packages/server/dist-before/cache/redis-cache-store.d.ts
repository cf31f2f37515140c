import type { RedisConnection } from '../lib/redis-connection.js';
import { type CacheEntry } from './cache-entry.js';
/** What a purge drops: entries carrying any of the tags, and entries whose path starts with the prefix. */
export interface PurgeRequest {
    tags?: readonly string[];
    prefix?: string;
}
/**
 * The shared cache tier in Redis: serialized entries with a hard expiry at the end of their
 * stale-if-error window, a set of entry keys per tag, a short SET NX PX lock per key so one
 * replica fills while the others wait, and a pub/sub channel that tells every replica to drop
 * purged entries from its in-process tier.
 */
export declare class RedisCacheStore {
    #private;
    readonly channel: string;
    constructor(redis: RedisConnection);
    get ready(): boolean;
    get(path: string, hash: string): Promise<CacheEntry | undefined>;
    /** The entry (if any) and whether a replica still holds the fill lock, in one round trip. */
    poll(path: string, hash: string): Promise<{
        entry: CacheEntry | undefined;
        locked: boolean;
    }>;
    set(hash: string, entry: CacheEntry): Promise<void>;
    /** A lock token when this replica may fill the key, null when another replica holds the lock. */
    lock(hash: string, ttlMs: number): Promise<string | null>;
    unlock(hash: string, token: string): Promise<void>;
    /** Deletes matching entries; returns how many existed. */
    purge(request: PurgeRequest): Promise<number>;
    /**
     * Tells every replica (this one included) to drop matching entries from its in-process tier.
     * In a cluster a regular PUBLISH is forwarded to every node, so subscribers on any node hear it
     * (purges are rare: the broadcast costs nothing that matters).
     */
    broadcast(request: PurgeRequest): Promise<void>;
}
