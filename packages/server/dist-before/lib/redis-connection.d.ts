import { createClient } from 'redis';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisTarget } from './redis-settings.js';
export type RedisClient = ReturnType<typeof createClient>;
export interface RedisConnectionOptions {
    target: Exclude<RedisTarget, {
        mode: 'none';
    }>;
    keyPrefix: string;
    /** Per-command timeout of the shared connection; blocking connections have none. */
    commandTimeoutMs: number;
    /** Replicas that must acknowledge a durable write (WAIT) before it counts; 0: none. */
    waitReplicas?: number;
    waitTimeoutMs?: number;
    /** How long start-up waits for the Sentinels to name the master. */
    sentinelStartTimeoutMs?: number;
    log: FastifyBaseLogger;
    /** Hears every change of master (Sentinel): the address before (null at start) and after. */
    onMasterChange?: (from: string | null, to: string) => void;
}
/** A connection of its own (blocking reads, durable writes): its client is replaced when the master changes. */
export interface DedicatedClient {
    readonly client: RedisClient;
    readonly isReady: boolean;
}
/**
 * The gateway's Redis connections: the shared one, and dedicated ones for blocking reads,
 * durable writes and the purge subscription. Commands fail at once while Redis is unreachable
 * (no offline queue), so callers fall back instead of piling up; every client has an error
 * listener, so a lost connection never becomes an unhandled error; connections retry for ever in
 * the background.
 *
 * With Sentinel the master's address comes from the Sentinels (lib/redis-sentinel.ts), asked
 * every REDIS_SENTINEL_POLL_MS and at once when a connection is lost. When they name another
 * master every connection is replaced by one to the new master (subscriptions made again), and
 * the old ones are dropped, so nothing keeps writing to a demoted master.
 */
export declare class RedisConnection {
    #private;
    readonly keyPrefix: string;
    readonly waitReplicas: number;
    readonly waitTimeoutMs: number;
    /** Connects (Sentinel: asks the Sentinels for the master first, and throws a clear error when they cannot say). */
    static open(options: RedisConnectionOptions): Promise<RedisConnection>;
    private constructor();
    /** The shared connection (replaced when the master changes: read it at each use). */
    get client(): RedisClient;
    /** True while the shared connection can take commands (cluster: to every master). */
    get isReady(): boolean;
    /** 'url' (one Redis), 'sentinel' or 'cluster' (REDIS_CLUSTER_NODES). */
    get mode(): RedisConnectionOptions['target']['mode'];
    /** The master's host:port (Sentinel), null with REDIS_URL. */
    get master(): string | null;
    /** Master changes seen since start (Sentinel). */
    get failovers(): number;
    /** A key under the configured prefix. */
    key(...parts: string[]): string;
    /** Calls the listener each time the shared connection becomes ready (first connect, every reconnect, a new master). */
    onReady(listener: () => void): () => void;
    /** A dedicated connection (blocking reads, durable writes), closed with this one; one per name. */
    dedicated(name: string, timeoutMs?: number): DedicatedClient;
    /**
     * Subscribes on the dedicated subscriber connection, again after every reconnect and master
     * change. In a cluster a (regular) PUBLISH reaches the subscribers on every node, so the
     * subscriber connection may be to any node; node-redis moves it when that node is lost.
     */
    subscribe(channel: string, listener: (message: string) => void): void;
    /** Answers PING within the command timeout (cluster: every master is connected and one answers). */
    ping(): Promise<boolean>;
    /**
     * The keys matching a glob, a batch at a time: SCAN on the one Redis, or on every master of
     * a cluster (each holds its own slots' keys).
     */
    scan(match: string): AsyncGenerator<string[]>;
    /**
     * WAIT on the connection that just wrote `key` (a dedicated client): how many replicas have
     * its writes. In a cluster the command goes to the node owning the key's slot, on the same
     * connection as the write.
     */
    waitForReplicas(client: RedisClient, key: string, replicas: number, timeoutMs: number): Promise<number>;
    close(): Promise<void>;
}
