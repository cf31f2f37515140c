import fs from 'node:fs';
import path from 'node:path';
import { formatVerifyReport, verifyAuditFiles, verifyExitCode } from '@credit-portal/shared';
import { auditDigests } from './node-storage.js';
/*
 * node dist/audit/cli.js verify <dir|file> [key file]: the gateway's `audit verify` (the shared
 * verifier; docs/AUDIT.md). The key ($AUDIT_KEY, else the file) checks the anchors' MACs.
 */
const USAGE = 'Usage: node dist/audit/cli.js verify <dir|file> [key-file]\nExit status: 0 clean, 1 broken, 2 torn last line, 64 usage.';
const [command, target, keyFile] = process.argv.slice(2);
if (command !== 'verify' || !target || !fs.existsSync(target)) {
    console.error(USAGE);
    process.exit(64);
}
const key = process.env.AUDIT_KEY || (keyFile ? fs.readFileSync(keyFile, 'utf8').trim() : null);
const single = !fs.statSync(target).isDirectory();
const files = single
    ? [{ name: path.basename(target), text: fs.readFileSync(target, 'utf8') }]
    : fs
        .readdirSync(target)
        .filter((name) => name.endsWith('.jsonl'))
        .map((name) => ({ name, text: fs.readFileSync(path.join(target, name), 'utf8') }));
const report = verifyAuditFiles(files, auditDigests(key), { single });
for (const line of formatVerifyReport(report))
    process.stdout.write(`${line}\n`);
if (!key)
    process.stdout.write("note: no audit key given: the anchors' MACs were not checked\n");
process.exitCode = verifyExitCode(report);
//# sourceMappingURL=cli.js.map