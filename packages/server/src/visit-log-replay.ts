/**
 * The dead-letter replay command (docs/OPERATIONS.md): moves dead-lettered visit-log events back
 * into the stream so the forwarders deliver them again.
 *
 *   node packages/server/dist/visit-log-replay.js [--dry-run] [--limit N]
 *
 * Reads REDIS_URL and REDIS_KEY_PREFIX like the gateway; prints one JSON line { moved, left }.
 */
import { parseArgs } from 'node:util';
import { createClient } from 'redis';
import { ConfigError, EnvReader } from '@credit-portal/shared';
import { replayDeadLetters } from './visit-log/dead-letter-replay.js';

const USAGE = 'usage: node packages/server/dist/visit-log-replay.js [--dry-run] [--limit N]';

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

const read = new EnvReader(process.env);
const url = read.optionalUrl('REDIS_URL', { protocols: ['redis:', 'rediss:'] });
const keyPrefix = read.string('REDIS_KEY_PREFIX', 'credit-portal:', 64);
if (url === null) read.problem('REDIS_URL', 'must be set: dead letters exist only in Redis');
try {
  read.throwIfProblems('visit-log replay');
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const client = createClient({ url: url! });
client.on('error', () => undefined);
try {
  await client.connect();
  const result = await replayDeadLetters(client, { keyPrefix, limit, dryRun: values['dry-run'] === true });
  process.stdout.write(`${JSON.stringify({ ...result, dryRun: values['dry-run'] === true })}\n`);
} catch (err) {
  console.error(`visit-log replay failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  client.destroy();
}
