import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  formatVerifyReport,
  verifyAuditFiles,
  verifyExitCode,
  type ExternalAnchor,
  type VerifyOptions,
  auditDigests,
  auditFilesAt,
} from '@credit-portal/node-common';
import { openDatabase } from '../db/open.js';
import { createAnchorStore, storedAuditKey } from './anchor-store.js';
import { CREDIT_SERVICE_WRITER, REVIEW_CLI_WRITER } from './writers.js';

export const AUDIT_USAGE = `Usage: node dist/audit/cli.js verify <dir|file> [--data-dir D] [--key-file F]

Checks the hash chains of audit files (docs/AUDIT.md) and names the first broken link of each.
  <dir|file>  an audit directory (every chain in it, across days) or one file
  --data-dir  the service's data directory: also checks that the files hold every anchor and each
              chain's head kept in its database (a cut end shows), and takes the audit key kept
              there when AUDIT_KEY is unset
  --key-file  a file holding the audit key (else $AUDIT_KEY): the anchors' and records' MACs are
              checked with it
Exit status: 0 every chain verifies, 1 a link is broken (or no audit file), 2 only a torn last line, 64 usage.`;

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Runs `audit verify …`; returns the exit status. */
export function runAuditCommand(argv: readonly string[], env: NodeJS.ProcessEnv, io: CommandOutput): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        'data-dir': { type: 'string' },
        'key-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    io.err(`audit: ${(error as Error).message}\n\n${AUDIT_USAGE}`);
    return 64;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(AUDIT_USAGE);
    return 0;
  }
  if (positionals.length !== 2 || positionals[0] !== 'verify') {
    io.err(AUDIT_USAGE);
    return 64;
  }
  const target = path.resolve(positionals[1]!);
  if (!fs.existsSync(target)) {
    io.err(`audit: ${target} does not exist`);
    return 64;
  }
  let key: string | null = env.AUDIT_KEY || null;
  if (values['key-file']) key = fs.readFileSync(values['key-file'], 'utf8').trim();
  let anchors: ExternalAnchor[] = [];
  let heads: VerifyOptions['heads'];
  if (values['data-dir']) {
    const db = openDatabase(path.resolve(values['data-dir']));
    try {
      const store = createAnchorStore(db);
      anchors = store.latest();
      heads = { list: store.heads(), writers: [CREDIT_SERVICE_WRITER, REVIEW_CLI_WRITER] };
      key ??= storedAuditKey(db);
    } finally {
      db.close();
    }
  }
  const single = !fs.statSync(target).isDirectory();
  const report = verifyAuditFiles(auditFilesAt(target), auditDigests(key), { anchors, single, heads });
  for (const line of formatVerifyReport(report)) io.out(line);
  if (!key)
    io.out(
      "note: no audit key given ($AUDIT_KEY, --key-file or --data-dir): the anchors' and records' MACs were not checked",
    );
  if (!heads && !single) io.out('note: no --data-dir: the chains’ ends were not checked against their kept heads');
  return verifyExitCode(report);
}
