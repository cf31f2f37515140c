import type { EnvReader } from '@credit-portal/node-common';
import { scheduleProblem } from '../follow/job.js';

/*
 * The backup settings, read by env.ts with the others and by the command line. Apart from the
 * job, so that reading the environment loads nothing of the backup itself.
 */

/** Default schedule: every day at 02:30 local time (the quiet hours). */
export const DEFAULT_BACKUP_CRON = '30 2 * * *';
/** Default retention: the sets of the last 14 days (the newest is always kept). */
export const DEFAULT_BACKUP_RETENTION_DAYS = 14;

/** BACKUP_DIR, BACKUP_CRON, BACKUP_RETENTION_DAYS, BACKUP_KEY_PASSPHRASE_FILE. */
export interface BackupSettings {
  /** Where sets are written; null: no scheduled backups. */
  dir: string | null;
  /** A cron pattern (croner, local time); null: `off`. */
  cron: string | null;
  retentionDays: number;
  /** When set, scheduled sets include the report-signing private key, encrypted with this file's passphrase. */
  passphraseFile: string | null;
}

/** Reads the backup settings; each bad value is one problem of the reader. */
export function readBackupSettings(read: EnvReader): BackupSettings {
  const cron = read.raw('BACKUP_CRON') ?? DEFAULT_BACKUP_CRON;
  const problem = cron === 'off' ? null : scheduleProblem(cron);
  if (problem)
    read.problem('BACKUP_CRON', `must be a cron pattern (e.g. '30 2 * * *') or off: ${problem} (got ${cron})`);
  return {
    dir: read.raw('BACKUP_DIR') ?? null,
    cron: cron === 'off' ? null : cron,
    retentionDays: read.int('BACKUP_RETENTION_DAYS', DEFAULT_BACKUP_RETENTION_DAYS, 1, 3650),
    passphraseFile: read.raw('BACKUP_KEY_PASSPHRASE_FILE') ?? null,
  };
}
