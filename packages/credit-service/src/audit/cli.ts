import { runAuditCommand } from './verify-command.js';

// node dist/audit/cli.js verify <dir|file> [--data-dir D] [--key-file F] (docs/AUDIT.md).
process.exitCode = runAuditCommand(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => console.error(line),
});
