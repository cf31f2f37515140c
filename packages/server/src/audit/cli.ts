import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  formatVerifyReport,
  verifyAuditFiles,
  verifyExitCode,
  auditDigests,
  auditFilesAt,
  readAuditHeads,
} from '@credit-portal/node-common';

/*
 * node dist/audit/cli.js verify <dir|file> [key-file] [--head-file F | --no-head]: the gateway's
 * `audit verify` (the shared verifier; docs/AUDIT.md). The key ($AUDIT_KEY, else the file) checks
 * the anchors' and records' MACs; the head file beside the directory (`<dir>.gateway-audit.head`
 * unless named) checks that the chain's end was not cut.
 */
const USAGE = `Usage: node dist/audit/cli.js verify <dir|file> [key-file] [--head-file F | --no-head]
  --head-file  the chain's kept head (default: <dir>.gateway-audit.head beside the directory)
  --no-head    do not check the end (a shipped copy without its head file)
Exit status: 0 clean, 1 broken, 2 torn last line, 64 usage.`;

let parsed;
try {
  parsed = parseArgs({
    args: process.argv.slice(2),
    options: { 'head-file': { type: 'string' }, 'no-head': { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
} catch {
  parsed = null;
}
const [command, target, keyFile] = parsed?.positionals ?? [];
if (!parsed || command !== 'verify' || !target || !fs.existsSync(target)) {
  console.error(USAGE);
  process.exit(64);
}
const key = process.env.AUDIT_KEY || (keyFile ? fs.readFileSync(keyFile, 'utf8').trim() : null);
const single = !fs.statSync(target).isDirectory();
const headFile =
  parsed.values['head-file'] ??
  (single ? null : path.join(path.dirname(path.resolve(target)), `${path.basename(target)}.gateway-audit.head`));
// Read before the files (a running writer keeps its head after its records): never ahead of them.
// A missing head file is no head at all: a chain of keyed records is then reported.
const heads =
  parsed.values['no-head'] || headFile === null
    ? undefined
    : { list: (await readAuditHeads(headFile)) ?? [], writers: ['gateway'] };
const report = verifyAuditFiles(auditFilesAt(target), auditDigests(key), { single, heads });
for (const line of formatVerifyReport(report)) process.stdout.write(`${line}\n`);
if (!key) process.stdout.write("note: no audit key given: the anchors' and records' MACs were not checked\n");
if (!heads && !single) process.stdout.write('note: --no-head: the chain’s end was not checked against its kept head\n');
process.exitCode = verifyExitCode(report);
