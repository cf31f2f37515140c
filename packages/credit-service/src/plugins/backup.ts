import fp from 'fastify-plugin';
import { createBackupJob } from '../backup/job.js';
import { newestBackupTimes } from '../backup/sets.js';
import type { BackupSettings } from '../backup/settings.js';

export interface BackupPluginOptions extends Omit<BackupSettings, 'dir'> {
  /** BACKUP_DIR: registered only when it is set. */
  dir: string;
  /** DATA_DIR, resolved. */
  dataDir: string;
  /** AUDIT_DIR (default DATA_DIR/audit). */
  auditDir?: string;
  /** REPORT_SIGNING_KEY_FILE: the private key a set includes with a passphrase file (unset: the demo key). */
  keyFile?: string;
}

/** The plugin's options from the service's configuration and its resolved DATA_DIR (null: BACKUP_DIR unset). */
export function backupOptions(
  config: { backup?: BackupSettings; audit?: { dir?: string }; reportSigningKeyFile?: string },
  dataDir: string,
): BackupPluginOptions | null {
  const backup = config.backup;
  if (!backup?.dir) return null;
  return { ...backup, dir: backup.dir, dataDir, auditDir: config.audit?.dir, keyFile: config.reportSigningKeyFile };
}

/** The scheduled backups (src/backup), their run and set-age metrics, stopped before the database closes. */
export default fp<BackupPluginOptions>(
  async (app, options) => {
    const backupDir = options.dir;
    app.metrics.trackJob('backup');
    const backupJob = createBackupJob({
      db: app.db,
      dataDir: options.dataDir,
      auditDir: options.auditDir,
      backupDir,
      cron: options.cron,
      retentionDays: options.retentionDays,
      log: app.log,
      issuer: app.site.centreName,
      privateKey: options.passphraseFile
        ? { keyFile: options.keyFile, passphraseFile: options.passphraseFile }
        : undefined,
      onRun: (run) => app.metrics.recordJobRun('backup', run.startedAt, run.durationSeconds, run.ok),
    });
    // The age of the newest set of each kind, for the backup-age alert (the Redis dumps are the sidecar's).
    app.metrics.addCollector(async () => {
      const newest = await newestBackupTimes(backupDir);
      for (const [set, time] of [
        ['credit-service', newest.creditService],
        ['redis', newest.redis],
      ] as const) {
        if (time) app.metrics.backupNewest.set({ set }, time.getTime() / 1000);
        else app.metrics.backupNewest.remove(set);
      }
    });
    // Stopped, and a backup in progress finished, before the database closes.
    app.addHook('preClose', async () => {
      backupJob.stop();
      await backupJob.idle();
    });
  },
  { name: 'backup', dependencies: ['db', 'metrics'] },
);
