import { type EnvSource } from '@credit-portal/shared';
import type { RedisClient } from '../lib/redis-connection.js';
import { type RedisSettings, type RedisTarget } from '../lib/redis-settings.js';
export interface ReplayOptions {
    /** REDIS_KEY_PREFIX of the gateways. */
    keyPrefix: string;
    /** Moves at most this many dead letters (oldest first); default: all. */
    limit?: number;
    /** Counts what would move without moving it. */
    dryRun?: boolean;
}
export interface ReplayResult {
    /** Dead letters moved back into the stream (or, dry run, that would be). */
    moved: number;
    /** Dead letters left in the dead-letter stream. */
    left: number;
}
/**
 * Moves dead-lettered visit-log events back into the visit-log stream, oldest first, so the
 * forwarders deliver them again (after the cause was fixed: the upstream's validation, the app
 * token…). Each chunk is one MULTI (XADD to the stream, XDEL from the dead letters), so an
 * interrupted replay neither loses nor doubles an entry; the event ids are kept, so the upstream
 * still de-duplicates.
 */
export declare function replayDeadLetters(client: RedisClient, options: ReplayOptions): Promise<ReplayResult>;
/** The replay command's Redis: the gateways' own settings, one of the three ways required. */
export interface ReplaySettings extends RedisSettings {
    target: Exclude<RedisTarget, {
        mode: 'none';
    }>;
}
/**
 * Reads the replay command's settings from the environment the gateways run with: REDIS_URL,
 * REDIS_SENTINELS + REDIS_SENTINEL_MASTER (+ passwords, TLS) or REDIS_CLUSTER_NODES, and
 * REDIS_KEY_PREFIX (lib/redis-settings.ts). Throws ConfigError listing every problem.
 */
export declare function readReplaySettings(env: EnvSource): ReplaySettings;
