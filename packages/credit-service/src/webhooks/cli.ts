import path from 'node:path';
import { EnvReader } from '@credit-portal/node-common';
import { openDatabase } from '../db/open.js';
import { webhookSealingKey } from './secrets.js';
import { WEBHOOK_USAGE, parseWebhookArgs, runWebhookCommand } from './webhook-cli.js';

// The centre's command line for the webhook reusers: node dist/webhooks/cli.js [--data-dir D] add | list | remove | dead-letter ….
let dataDir: string;
try {
  dataDir = path.resolve(
    parseWebhookArgs(process.argv.slice(2)).values['data-dir'] ?? process.env.DATA_DIR ?? './data',
  );
} catch (error) {
  console.error(`webhook: ${(error as Error).message}\n\n${WEBHOOK_USAGE}`);
  process.exit(1);
}
const read = new EnvReader(process.env);
const allowPrivate = read.bool('WEBHOOK_ALLOW_PRIVATE_TARGETS', false);
if (read.problems.length > 0) {
  for (const problem of read.problems) console.error(`webhook: ${problem}`);
  process.exit(1);
}
const db = openDatabase(dataDir);
try {
  process.exitCode = runWebhookCommand(
    db,
    process.argv.slice(2),
    { out: (line) => process.stdout.write(`${line}\n`), err: (line) => console.error(line) },
    { key: webhookSealingKey(dataDir), allowPrivate },
  );
} finally {
  db.close();
}
