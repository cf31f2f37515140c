import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DATABASE_FILE, openDatabase } from '../../db/open.js';
import { localToday } from '../../lib/dates.js';
import { publishDemoPenalty } from './publish.js';

const USAGE = `Usage: node dist/seed/publish-cli.js penalty --entity ID [--data-dir D]

Demo only (信用关注): publishes one new administrative penalty for the entity, decided today, into
an existing database — as the centre's data exchange would — while the service runs. Followers of
the entity get a notice (and, if they chose it, the day's digest mail) on the follow job's next run.
  --entity ID    the entity's id (the number in its details page's address, #/xyfw/search/details?id=ID)
  --data-dir D   data directory (default: $DATA_DIR, else ./data)`;

function fail(message: string): never {
  console.error(`publish: ${message}\n\n${USAGE}`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    options: { entity: { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
} catch (error) {
  fail((error as Error).message);
}
if (parsed.values.help) {
  console.error(USAGE);
  process.exit(0);
}
if (parsed.positionals.join(' ') !== 'penalty') fail('say what to publish: penalty');
const raw = parsed.values.entity ?? '';
if (!/^[1-9]\d{0,11}$/.test(raw)) fail(`--entity must be an entity id, got "${raw}"`);
const dataDir = path.resolve(parsed.values['data-dir'] ?? process.env.DATA_DIR ?? './data');
if (!fs.existsSync(path.join(dataDir, DATABASE_FILE))) fail(`no database in ${dataDir}: start the service once first`);

const db = openDatabase(dataDir);
try {
  const published = publishDemoPenalty(db, Number(raw), localToday());
  if (!published) fail(`no entity with id ${raw}`);
  console.error(`publish: penalty ${published.id} (${published.docNo}) published for ${published.entityName}`);
} finally {
  db.close();
}
