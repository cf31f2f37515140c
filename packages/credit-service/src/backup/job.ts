import { Cron } from 'croner';
import type { Database } from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { createBackup } from './create-backup.js';
import { readPrivateKeyToBackup, type PrivateKeyToBackup } from './private-key.js';
import { pruneBackups } from './sets.js';

/** What one run did, for the log and a metric. */
export interface BackupRun {
  startedAt: Date;
  durationSeconds: number;
  ok: boolean;
  /** The set written. */
  path?: string;
  /** Why it failed (a message, never a secret). */
  error?: string;
}

export interface BackupJobOptions {
  /** The service's connection: the online copy reads through it. */
  db: Database;
  dataDir: string;
  /** AUDIT_DIR (default DATA_DIR/audit). */
  auditDir?: string;
  backupDir: string;
  /** A cron pattern (croner, local time); null: no schedule, runs only when called. */
  cron: string | null;
  retentionDays: number;
  log: FastifyBaseLogger;
  /** Told of every run (the metrics). */
  onRun?: (run: BackupRun) => void;
  /**
   * Include the report-signing private key, encrypted: REPORT_SIGNING_KEY_FILE (unset: the demo
   * key of DATA_DIR) and BACKUP_KEY_PASSPHRASE_FILE. Both are read when the job is made, so a
   * missing file stops the start rather than the first backup at night, and a process that drops
   * its privileges after start still has them.
   */
  privateKey?: { keyFile?: string | null; passphraseFile: string };
  /** The clock (tests). */
  now?: () => Date;
  /** The keys' issuer in the manifest (app.site.centreName). */
  issuer?: string;
}

export interface BackupJob {
  /** One run now (or the one in progress): a set, then the sets past the retention pruned. Never rejects. */
  run(): Promise<BackupRun>;
  /** Ends the schedule. */
  stop(): void;
  /** Resolves once no run is in progress. */
  idle(): Promise<void>;
  /** When the schedule runs next (null without one). */
  nextRun(): Date | null;
}

/** The scheduled backups: a set on each run, then pruning; runs never overlap. */
export function createBackupJob(options: BackupJobOptions): BackupJob {
  const now = options.now ?? (() => new Date());
  const key: PrivateKeyToBackup | undefined = options.privateKey
    ? readPrivateKeyToBackup({ ...options.privateKey, dataDir: options.dataDir })
    : undefined;
  let running: Promise<BackupRun> | null = null;

  async function runOnce(): Promise<BackupRun> {
    const startedAt = now();
    const clock = performance.now();
    const seconds = () => Math.round(performance.now() - clock) / 1000;
    let run: BackupRun;
    try {
      const set = await createBackup({
        backupDir: options.backupDir,
        dataDir: options.dataDir,
        auditDir: options.auditDir,
        db: options.db,
        includePrivateKey: key,
        now,
        issuer: options.issuer,
      });
      const pruned = await pruneBackups(options.backupDir, options.retentionDays, now());
      run = { startedAt, durationSeconds: seconds(), ok: true, path: set.path };
      options.log.info(
        {
          path: set.path,
          durationSeconds: run.durationSeconds,
          files: set.manifest.files.length,
          bytes: set.manifest.files.reduce((sum, f) => sum + f.size, 0),
          privateKey: set.manifest.privateKey !== null,
          pruned,
        },
        'backup written',
      );
    } catch (error) {
      run = { startedAt, durationSeconds: seconds(), ok: false, error: (error as Error).message };
      options.log.error({ err: error }, 'BACKUP FAILED');
    }
    try {
      options.onRun?.(run);
    } catch (error) {
      options.log.error({ err: error }, 'backup run not reported');
    }
    return run;
  }

  const run = (): Promise<BackupRun> => {
    running ??= runOnce().finally(() => {
      running = null;
    });
    return running;
  };

  // No name: croner keeps named jobs in one registry per process (two apps in one test process).
  const cron = options.cron
    ? new Cron(options.cron, { protect: true }, async () => {
        await run();
      })
    : null;

  return {
    run,
    stop: () => cron?.stop(),
    idle: async () => {
      await running;
    },
    nextRun: () => cron?.nextRun() ?? null,
  };
}
