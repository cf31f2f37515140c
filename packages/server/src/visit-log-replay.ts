/**
 * The dead-letter replay command (docs/OPERATIONS.md): moves dead-lettered visit-log events back
 * into the stream so the forwarders deliver them again.
 *
 *   node packages/server/dist/visit-log-replay.js [--dry-run] [--limit N]
 *
 * Reads the gateway's own Redis settings (REDIS_URL, or REDIS_SENTINELS + REDIS_SENTINEL_MASTER
 * with their passwords and TLS, or REDIS_CLUSTER_NODES; REDIS_KEY_PREFIX), so it runs with the
 * environment of a gateway container as it is; with Sentinel it asks the Sentinels for the
 * master. Prints one JSON line { moved, left, dryRun }.
 */
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '@credit-portal/node-common';
import { RedisConnection } from './lib/redis-connection.js';
import { readReplaySettings, replayDeadLetters, type ReplaySettings } from './visit-log/dead-letter-replay.js';

const USAGE = 'usage: node packages/server/dist/visit-log-replay.js [--dry-run] [--limit N]';
/** How long the command waits for Redis (or the Sentinels' master) before it gives up. */
const CONNECT_TIMEOUT_MS = 5000;

let values: { 'dry-run'?: boolean; limit?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { 'dry-run': { type: 'boolean' }, limit: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const limit = values.limit === undefined ? undefined : Number(values.limit);
if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
  console.error(`--limit must be a positive integer\n${USAGE}`);
  process.exit(2);
}

let settings: ReplaySettings;
try {
  settings = readReplaySettings(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

/** Warnings and errors to stderr as JSON lines; the rest is quiet (stdout carries the result). */
function stderrLogger(): FastifyBaseLogger {
  const write =
    (level: string) =>
    (object: unknown, message?: string): void => {
      const fields = typeof object === 'object' && object !== null ? object : { msg: String(object) };
      console.error(JSON.stringify({ level, ...fields, ...(message ? { msg: message } : {}) }));
    };
  const quiet = (): void => undefined;
  const logger = {
    level: 'warn',
    fatal: write('fatal'),
    error: write('error'),
    warn: write('warn'),
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

let redis: RedisConnection | null = null;
try {
  redis = await RedisConnection.open({
    target: settings.target,
    keyPrefix: settings.keyPrefix,
    commandTimeoutMs: settings.commandTimeoutMs,
    sentinelStartTimeoutMs: CONNECT_TIMEOUT_MS,
    log: stderrLogger(),
  });
  const deadline = Date.now() + CONNECT_TIMEOUT_MS;
  while (!redis.isReady) {
    if (Date.now() > deadline) throw new Error(`Redis not reachable within ${CONNECT_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const dryRun = values['dry-run'] === true;
  const result = await replayDeadLetters(redis.client, { keyPrefix: settings.keyPrefix, limit, dryRun });
  process.stdout.write(`${JSON.stringify({ ...result, dryRun })}\n`);
} catch (err) {
  console.error(`visit-log replay failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await redis?.close();
}
