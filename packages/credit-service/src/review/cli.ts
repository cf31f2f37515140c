import path from 'node:path';
import { openDatabase } from '../db/open.js';
import { parseReviewArgs, REVIEW_USAGE, runReviewCommand } from './review-cli.js';

// The reviewer's command line: node dist/review/cli.js [--data-dir D] list | <applyNo> <action>.
let dataDir: string;
try {
  dataDir = path.resolve(parseReviewArgs(process.argv.slice(2)).values['data-dir'] ?? process.env.DATA_DIR ?? './data');
} catch (error) {
  console.error(`review: ${(error as Error).message}\n\n${REVIEW_USAGE}`);
  process.exit(1);
}
const db = openDatabase(dataDir);
try {
  process.exitCode = runReviewCommand(db, process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => console.error(line),
  });
} finally {
  db.close();
}
