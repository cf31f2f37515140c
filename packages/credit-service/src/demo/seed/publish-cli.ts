import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DATABASE_FILE, openDatabase } from '../../db/open.js';
import { addMonths, dayNumber, formatDay, localToday } from '../../lib/dates.js';
import { publishDemoPenalty } from './publish.js';

const USAGE = `Usage: node dist/seed/publish-cli.js penalty --entity ID [--repairable-today] [--data-dir D]

Demo only (信用关注): publishes one new administrative penalty for the entity, decided today, into
an existing database — as the centre's data exchange would — while the service runs. Followers of
the entity get a notice (and, if they chose it, the day's digest mail) on the follow job's next run.
  --entity ID          the entity's id (the number in its details page's address, #/xyfw/search/details?id=ID)
  --repairable-today   decided three months ago instead (一般): its shortest publicity ends today, so
                       the entity's accounts (and followers who opted in) get the 可申请信用修复
                       notice and mail on the job's next run
  --data-dir D         data directory (default: $DATA_DIR, else ./data)`;

function fail(message: string): never {
  console.error(`publish: ${message}\n\n${USAGE}`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      entity: { type: 'string' },
      'repairable-today': { type: 'boolean' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
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

const today = localToday();
/** The decision day whose three months' publicity ends today (none on a day a shorter month lacks, e.g. 31st). */
function decidedForToday(): string {
  const near = dayNumber(addMonths(today, -3));
  for (let day = near - 3; day <= near + 3; day += 1) {
    if (addMonths(formatDay(day), 3) === today) return formatDay(day);
  }
  return fail(`no decision day's three months end on ${today}: try again tomorrow`);
}
const decidedOn = parsed.values['repairable-today'] ? decidedForToday() : today;

const db = openDatabase(dataDir);
try {
  const published = publishDemoPenalty(db, Number(raw), today, decidedOn);
  if (!published) fail(`no entity with id ${raw}`);
  console.error(`publish: penalty ${published.id} (${published.docNo}) published for ${published.entityName}`);
} finally {
  db.close();
}
