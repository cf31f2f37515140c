import { EnvReader, type EnvSource } from '@credit-portal/node-common';
import type { RedisClient } from '../lib/redis-connection.js';
import { readRedisSettings, type RedisSettings, type RedisTarget } from '../lib/redis-settings.js';
import { DEAD_LETTER_KEY, EVENT_FIELD, STREAM_KEY } from './redis-visit-log-stream.js';

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

const CHUNK = 500;

/**
 * Moves dead-lettered visit-log events back into the visit-log stream, oldest first, so the
 * forwarders deliver them again (after the cause was fixed: the upstream's validation, the app
 * token…). Each chunk is one MULTI (XADD to the stream, XDEL from the dead letters), so an
 * interrupted replay neither loses nor doubles an entry; the event ids are kept, so the upstream
 * still de-duplicates.
 */
export async function replayDeadLetters(client: RedisClient, options: ReplayOptions): Promise<ReplayResult> {
  const stream = `${options.keyPrefix}${STREAM_KEY}`;
  const dead = `${options.keyPrefix}${DEAD_LETTER_KEY}`;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  let moved = 0;
  if (options.dryRun) {
    const total = Number(await client.xLen(dead));
    return { moved: Math.min(total, limit), left: total };
  }
  while (moved < limit) {
    const entries = await client.xRange(dead, '-', '+', { COUNT: Math.min(CHUNK, limit - moved) });
    if (entries.length === 0) break;
    const multi = client.multi();
    for (const entry of entries) multi.xAdd(stream, '*', { [EVENT_FIELD]: entry.message[EVENT_FIELD] ?? '' });
    multi.xDel(
      dead,
      entries.map((entry) => entry.id),
    );
    await multi.exec();
    moved += entries.length;
  }
  return { moved, left: Number(await client.xLen(dead)) };
}

/** The replay command's Redis: the gateways' own settings, one of the three ways required. */
export interface ReplaySettings extends RedisSettings {
  target: Exclude<RedisTarget, { mode: 'none' }>;
}

/**
 * Reads the replay command's settings from the environment the gateways run with: REDIS_URL,
 * REDIS_SENTINELS + REDIS_SENTINEL_MASTER (+ passwords, TLS) or REDIS_CLUSTER_NODES, and
 * REDIS_KEY_PREFIX (lib/redis-settings.ts). Throws ConfigError listing every problem.
 */
export function readReplaySettings(env: EnvSource): ReplaySettings {
  const read = new EnvReader(env);
  const settings = readRedisSettings(read);
  if (settings.target.mode === 'none') {
    read.problem(
      'REDIS_URL',
      'must be set (or REDIS_SENTINELS with REDIS_SENTINEL_MASTER, or REDIS_CLUSTER_NODES, as the gateways have it): dead letters exist only in Redis',
    );
  }
  read.throwIfProblems('visit-log replay');
  return settings as ReplaySettings;
}
