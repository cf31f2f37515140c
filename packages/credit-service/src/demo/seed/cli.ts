import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DATABASE_FILE, openDatabase } from '../../db/open.js';
import { DEFAULT_SEED, DEFAULT_SEED_ENTITIES, MAX_SEED_ENTITIES } from '../../db/dataset.js';
import { ensureSeed, isSeeded } from './index.js';
import { localToday } from '../../lib/dates.js';

const USAGE = `Usage: node dist/demo/seed/cli.js [--entities N] [--seed S] [--data-dir D] [--replace | --if-new]

Creates DATA_DIR/credit.sqlite and fills it with the deterministic demo data set, whole: what the
demo writes into a new database, dated back from today.
  --entities N   entities to generate, 1..${MAX_SEED_ENTITIES} (default: $SEED_ENTITIES, else ${DEFAULT_SEED_ENTITIES})
  --seed S       PRNG seed, 0..4294967295 (default: $CREDIT_SERVICE_SEED, else ${DEFAULT_SEED}); the same seed gives the same data
  --data-dir D   data directory (default: $DATA_DIR, else ./data)
  --replace      delete an existing database first (otherwise an existing data set is an error)
  --if-new       leave a database that already holds a data set as it is, and succeed (npm start)`;

function fail(message: string): never {
  console.error(`seed: ${message}\n\n${USAGE}`);
  process.exit(1);
}

function integer(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) fail(`--${name} must be an integer from 0 to ${max}, got "${raw}"`);
  return Number(raw);
}

let args;
try {
  args = parseArgs({
    options: {
      entities: { type: 'string' },
      seed: { type: 'string' },
      'data-dir': { type: 'string' },
      replace: { type: 'boolean', default: false },
      'if-new': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  }).values;
} catch (error) {
  fail((error as Error).message);
}
if (args.help) {
  console.error(USAGE);
  process.exit(0);
}

if (args.replace && args['if-new']) fail('--replace and --if-new exclude each other');
const entities = integer(
  'entities',
  args.entities ?? process.env.SEED_ENTITIES,
  DEFAULT_SEED_ENTITIES,
  MAX_SEED_ENTITIES,
);
if (entities < 1) fail('--entities must be at least 1');
const seed = integer('seed', args.seed ?? process.env.CREDIT_SERVICE_SEED, DEFAULT_SEED, 0xffffffff);
const dataDir = path.resolve(args['data-dir'] ?? process.env.DATA_DIR ?? './data');
const file = path.join(dataDir, DATABASE_FILE);

if (args.replace) {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
}
const db = openDatabase(dataDir);
const existing = isSeeded(db)
  ? (db.prepare('SELECT seed, entities FROM dataset').get() as { seed: number; entities: number })
  : null;
if (existing) {
  db.close();
  const held = `${file} already holds a data set (seed ${existing.seed}, ${existing.entities} entities)`;
  if (!args['if-new']) fail(`${held}; use --replace to start over`);
  console.error(`seed: ${held}: left as it is`);
  process.exit(0);
}
try {
  const started = performance.now();
  const parts: string[] = [];
  const now = new Date();
  ensureSeed(db, { seed, entities, asOf: localToday(now), now }, (counts, message) =>
    parts.push(`${message} (${JSON.stringify(counts)})`),
  );
  // A clean checkpoint leaves one self-contained file behind.
  db.pragma('wal_checkpoint(TRUNCATE)');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  // CPU time (user + system) as well: on a busy machine the wall time says more about the others.
  const { user, system } = process.cpuUsage();
  const cpuSeconds = ((user + system) / 1e6).toFixed(1);
  const megabytes = (fs.statSync(file).size / 1e6).toFixed(1);
  for (const part of parts) console.error(`seed: ${part}`);
  console.error(
    `seed: wrote seed ${seed}, ${entities} entities to ${file} in ${seconds}s (CPU ${cpuSeconds}s, ${megabytes} MB)`,
  );
} finally {
  db.close();
}
