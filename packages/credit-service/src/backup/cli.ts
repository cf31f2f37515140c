import { dropPrivileges } from '@credit-portal/node-common';
import { runBackupCommand } from './backup-command.js';

// node dist/backup/cli.js backup | list | verify <set> | restore <set|latest> | prune (backup-command.ts).
// In a container started as root (docker-compose.yml), it becomes RUN_AS_USER (the image's `node`)
// once it has read its secrets: the sets and restored files belong to the service, as the service's own do.
process.exitCode = await runBackupCommand(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => console.error(line),
  secretsRead: () => void dropPrivileges(process, process.env.RUN_AS_USER),
});
