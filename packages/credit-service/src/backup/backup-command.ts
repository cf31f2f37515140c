import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvReader, readAuditSettings, type EnvSource } from '@credit-portal/node-common';
import { readSite } from '../lib/site.js';
import { createBackup } from './create-backup.js';
import { readPassphraseFile, readPrivateKeyToBackup } from './private-key.js';
import { readBackupSettings } from './settings.js';
import { restoreBackup } from './restore-backup.js';
import { listBackupSets, pruneBackups, SERVICE_FOLDER, SET_FILES, type BackupManifest } from './sets.js';
import { verifyBackup } from './verify-backup.js';

export const BACKUP_USAGE = `Usage: node dist/backup/cli.js backup [--backup-dir D] [--data-dir D] [--with-private-key --passphrase-file F]
       node dist/backup/cli.js list [--backup-dir D]
       node dist/backup/cli.js verify <set>
       node dist/backup/cli.js restore <set> [--data-dir D] [--audit-dir D] [--force] [--private-key-out F --passphrase-file F]
       node dist/backup/cli.js prune [--backup-dir D] [--retention-days N]

Backup sets of the credit-service (packages/credit-service/README.md, "Backups and restore").
  backup     writes a set into <backup dir>/credit-service/<UTC stamp>/ while the service runs
  list       the sets, oldest first (and partial folders of interrupted backups)
  verify     checks a set: every checksum, the database's integrity and row counts
  restore    verifies a set and puts it into the data directory; stop the service first
  prune      removes the sets older than the retention, always keeping the newest
  <set>               a set's folder, or its name under <backup dir>/credit-service
  --backup-dir        default $BACKUP_DIR
  --data-dir          default $DATA_DIR, else ./data ($AUDIT_DIR, else <data dir>/audit, for the audit files)
  --with-private-key  include $REPORT_SIGNING_KEY_FILE (unset: the demo key in the data dir), encrypted
                      with the first line of --passphrase-file
  --force             restore over an existing database, audit trail, uploads or key file (kept aside)
  --private-key-out   also write the set's private key, decrypted with --passphrase-file, to this file
  --retention-days    default $BACKUP_RETENTION_DAYS, else 14
One JSON line per result on stdout. Exit status: 0 done, 1 failed or refused, 2 usage or settings.`;

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
  /** Called once the command has read its secrets, before it writes anything (cli.ts drops root there). */
  secretsRead?(): void;
}

class UsageError extends Error {}

/** The summary of a manifest printed for a set (the whole file list stays in the manifest). */
function summary(manifest: BackupManifest) {
  return {
    createdAt: manifest.createdAt,
    files: manifest.files.length,
    bytes: manifest.files.reduce((sum, f) => sum + f.size, 0),
    rows: manifest.database.rows,
    chains: manifest.audit.chains.map(({ series, lastSeq }) => ({ series, lastSeq })),
    uploads: manifest.uploads.files,
    privateKey: manifest.privateKey?.keyId ?? null,
  };
}

/** Runs one backup command; returns the exit status. */
export async function runBackupCommand(argv: readonly string[], env: EnvSource, io: CommandOutput): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        'backup-dir': { type: 'string' },
        'data-dir': { type: 'string' },
        'audit-dir': { type: 'string' },
        'with-private-key': { type: 'boolean', default: false },
        'passphrase-file': { type: 'string' },
        'private-key-out': { type: 'string' },
        'retention-days': { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    io.err(`backup: ${(error as Error).message}\n\n${BACKUP_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(BACKUP_USAGE);
    return 0;
  }
  const [command, ...rest] = positionals;
  const emit = (result: Record<string, unknown>) => io.out(JSON.stringify({ command, ...result }));
  try {
    const read = new EnvReader(env);
    const settings = readBackupSettings(read);
    const dataDir = path.resolve(values['data-dir'] ?? read.raw('DATA_DIR') ?? './data');
    const audit = readAuditSettings(read, path.join(dataDir, 'audit'));
    const auditDir = path.resolve(values['audit-dir'] ?? audit.dir);
    const retentionFlag = values['retention-days'];
    const retentionDays = retentionFlag === undefined ? settings.retentionDays : Number(retentionFlag);
    if (retentionFlag !== undefined && !(/^\d+$/.test(retentionFlag) && retentionDays >= 1 && retentionDays <= 3650)) {
      throw new UsageError(`--retention-days must be a whole number of days from 1 to 3650 (got ${retentionFlag})`);
    }
    if (read.problems.length > 0) {
      for (const problem of read.problems) io.err(`backup: ${problem}`);
      return 2;
    }
    const backupDir = (): string => {
      const dir = values['backup-dir'] ?? settings.dir;
      if (!dir) throw new UsageError('no backup directory: give --backup-dir or set BACKUP_DIR');
      return path.resolve(dir);
    };
    /** A set's folder: a path as given, `latest` (the newest complete set), else a name under the backup directory. */
    const setPath = async (name: string | undefined): Promise<string> => {
      if (!name) throw new UsageError(`${command} needs a set: its folder, its name, or latest`);
      if (name === 'latest') {
        const newest = (await listBackupSets(backupDir())).filter((set) => set.complete).pop();
        if (!newest) throw new Error(`no complete backup set in ${path.join(backupDir(), SERVICE_FOLDER)}`);
        return newest.path;
      }
      if (fs.existsSync(name) || name.includes('/')) return path.resolve(name);
      return path.join(backupDir(), SERVICE_FOLDER, name);
    };
    // Run as root (a container's `exec`), the command reads what only root may read — the key and
    // the passphrase — and then works as the service's user, so that what it writes is the service's.
    const secretsRead = () => io.secretsRead?.();
    const expectArgs = (count: number) => {
      if (rest.length !== count)
        throw new UsageError(`${command}: unexpected arguments ${rest.slice(count).join(' ')}`);
    };
    const passphraseFile = values['passphrase-file'];

    switch (command) {
      case 'backup': {
        expectArgs(0);
        if (values['with-private-key'] !== (passphraseFile !== undefined)) {
          throw new UsageError('--with-private-key and --passphrase-file go together');
        }
        const includePrivateKey = values['with-private-key']
          ? readPrivateKeyToBackup({
              keyFile: read.raw('REPORT_SIGNING_KEY_FILE'),
              dataDir,
              passphraseFile: passphraseFile!,
            })
          : undefined;
        secretsRead();
        const issuer = readSite(read).centreName;
        const set = await createBackup({ backupDir: backupDir(), dataDir, auditDir, includePrivateKey, issuer });
        emit({ ok: true, path: set.path, ...summary(set.manifest) });
        return 0;
      }
      case 'list': {
        expectArgs(0);
        secretsRead();
        for (const set of await listBackupSets(backupDir())) {
          if (!set.complete) {
            emit({ ok: true, set: set.name, path: set.path, complete: false });
            continue;
          }
          let manifest: BackupManifest | null = null;
          try {
            manifest = JSON.parse(fs.readFileSync(path.join(set.path, SET_FILES.manifest), 'utf8')) as BackupManifest;
          } catch {
            // listed without its summary; `verify` says what is wrong
          }
          emit({
            ok: true,
            set: set.name,
            path: set.path,
            complete: true,
            ...(manifest?.files ? summary(manifest) : { createdAt: set.time!.toISOString() }),
          });
        }
        return 0;
      }
      case 'verify': {
        expectArgs(1);
        secretsRead();
        const report = await verifyBackup(await setPath(rest[0]));
        const { manifest, ...shown } = report;
        emit({ ...shown, privateKey: manifest?.privateKey?.keyId ?? null });
        return report.ok ? 0 : 1;
      }
      case 'restore': {
        expectArgs(1);
        const out = values['private-key-out'];
        if ((out === undefined) !== (passphraseFile === undefined)) {
          throw new UsageError('--private-key-out and --passphrase-file go together');
        }
        const passphrase = passphraseFile === undefined ? undefined : readPassphraseFile(passphraseFile);
        secretsRead();
        const result = await restoreBackup({
          from: await setPath(rest[0]),
          dataDir,
          auditDir,
          force: values.force,
          privateKey: out ? { out, passphrase: passphrase! } : undefined,
        });
        emit({ ok: true, ...result });
        return 0;
      }
      case 'prune': {
        expectArgs(0);
        secretsRead();
        const removed = await pruneBackups(backupDir(), retentionDays);
        emit({ ok: true, retentionDays, removed });
        return 0;
      }
      default:
        throw new UsageError(command ? `unknown command ${command}` : 'no command');
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`backup: ${error.message}\n\n${BACKUP_USAGE}`);
      return 2;
    }
    emit({ ok: false, error: (error as Error).message });
    return 1;
  }
}
