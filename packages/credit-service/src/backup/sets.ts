import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExternalAnchor } from '@credit-portal/node-common';

/*
 * The layout of BACKUP_DIR. Each service writes under its own folder: the credit-service's sets
 * under `credit-service/<UTC stamp>/` (a folder appears only once complete: it is written under a
 * temporary name and renamed), a Redis sidecar's `dump-<stamp>.rdb` files under `redis/`. Nothing
 * here touches a name it does not recognize.
 */

/** The credit-service's folder in BACKUP_DIR. */
export const SERVICE_FOLDER = 'credit-service';
/** The Redis sidecar's folder in BACKUP_DIR. */
export const REDIS_FOLDER = 'redis';

/** The parts of a set. */
export const SET_FILES = {
  manifest: 'manifest.json',
  /** The checksums again, as `sha256sum -c` reads them (a check without Node). */
  checksums: 'SHA256SUMS',
  database: 'credit.sqlite',
  audit: 'audit',
  uploads: 'uploads',
  /** The public keys, as /.well-known/credit-report-keys.json serves them. */
  publicKeys: 'report-signing-keys.json',
  /** The private key, encrypted (only when asked). */
  privateKey: 'report-signing-key.enc.pem',
} as const;

export const BACKUP_FORMAT = 'credit-portal/credit-service-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** A set's name: its UTC start time, and `-2`, `-3`… when a set of the same second exists. */
const SET_NAME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-([2-9]|[1-9]\d+))?$/;
/** The temporary folder a set is written in before it is renamed (never a set). */
export const PARTIAL_PREFIX = '.partial-';

/** The UTC stamp of a time: 20261205T103000Z. */
export function backupStamp(time: Date): string {
  return time
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** The time of a set's name, or null for any other name. */
export function parseSetName(name: string): Date | null {
  const m = SET_NAME.exec(name);
  if (!m) return null;
  const time = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
  // A name like 20261332T… is no stamp of ours.
  return backupStamp(time) === name.slice(0, 16) ? time : null;
}

/** A file of a set, with its checksum. */
export interface BackupFileEntry {
  /** Relative to the set, '/'-separated. */
  path: string;
  size: number;
  /** SHA-256, hex. */
  sha256: string;
}

/** The head of one audit chain in the set's files. */
export interface AuditChainHead {
  series: string;
  files: number;
  lastFile: string;
  lastSeq: number;
  lastHash: string;
}

/** manifest.json. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** ISO 8601: when the database copy began. */
  createdAt: string;
  /** ISO 8601: when the last file was copied. */
  completedAt: string;
  service: { name: string; version: string };
  source: { dataDir: string; auditDir: string };
  database: {
    file: string;
    /** The newest migration applied. */
    schemaVersion: number;
    /** Row counts of the tables a restore is checked against. */
    rows: Record<string, number>;
  };
  audit: {
    dir: string;
    chains: AuditChainHead[];
    /** The newest anchor of each chain kept in the database: every one names a record of the files. */
    anchors: ExternalAnchor[];
    /** The service generated its audit key and keeps it in the database (else AUDIT_KEY must be set again). */
    keyInDatabase: boolean;
  };
  signingKeys: { file: string; current: string | null; keys: number };
  privateKey: { file: string; keyId: string; encryption: string } | null;
  uploads: { dir: string; files: number; bytes: number };
  files: BackupFileEntry[];
  notes: string[];
}

/** A folder of `<BACKUP_DIR>/credit-service`. */
export interface BackupSetEntry {
  name: string;
  path: string;
  /** The stamp's time (null for a partial folder). */
  time: Date | null;
  /** A set with its manifest; false: a partial folder left by an interrupted backup, or a set without a manifest. */
  complete: boolean;
}

/** The sets and partial folders of a backup directory, oldest first (empty when there is none). */
export async function listBackupSets(backupDir: string): Promise<BackupSetEntry[]> {
  const root = path.join(backupDir, SERVICE_FOLDER);
  let names: string[];
  try {
    names = await fs.readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: BackupSetEntry[] = [];
  for (const name of names) {
    const full = path.join(root, name);
    const stat = await fs.lstat(full).catch(() => null);
    if (!stat?.isDirectory()) continue;
    const time = parseSetName(name);
    if (time) {
      const manifest = await fs.lstat(path.join(full, SET_FILES.manifest)).catch(() => null);
      out.push({ name, path: full, time, complete: manifest?.isFile() ?? false });
    } else if (name.startsWith(PARTIAL_PREFIX)) {
      out.push({ name, path: full, time: null, complete: false });
    }
  }
  const suffix = (name: string): number => Number(SET_NAME.exec(name)?.[7] ?? 1);
  return out.sort(
    (a, b) =>
      (a.time?.getTime() ?? 0) - (b.time?.getTime() ?? 0) ||
      suffix(a.name) - suffix(b.name) ||
      (a.name < b.name ? -1 : 1),
  );
}

const DAY_MS = 86_400_000;

/**
 * Removes the complete sets older than `retentionDays` days, always keeping the newest complete
 * one (an old backup is better than none when the new ones fail). Partial folders and any other
 * name are left alone. Returns the paths removed.
 */
export async function pruneBackups(
  backupDir: string,
  retentionDays: number,
  now: Date = new Date(),
): Promise<string[]> {
  const sets = (await listBackupSets(backupDir)).filter((s) => s.complete);
  const cutoff = now.getTime() - retentionDays * DAY_MS;
  const removed: string[] = [];
  for (const set of sets.slice(0, -1)) {
    if (set.time!.getTime() >= cutoff) continue;
    await fs.rm(set.path, { recursive: true, force: true });
    removed.push(set.path);
  }
  return removed;
}

/** The Redis dumps the sidecar writes under `<BACKUP_DIR>/redis` (a dump still being written is `.dump-…`, renamed when whole). */
const REDIS_DUMP = /^dump-.+\.rdb$/;

/**
 * The age of the newest backups, for a metric: the newest complete credit-service set's time, and
 * the newest Redis dump's modification time (null where there is none).
 */
export async function newestBackupTimes(
  backupDir: string,
): Promise<{ creditService: Date | null; redis: Date | null }> {
  const sets = (await listBackupSets(backupDir)).filter((s) => s.complete);
  let redis: Date | null = null;
  const redisDir = path.join(backupDir, REDIS_FOLDER);
  const names = await fs.readdir(redisDir).catch(() => [] as string[]);
  for (const name of names) {
    if (!REDIS_DUMP.test(name)) continue;
    const stat = await fs.lstat(path.join(redisDir, name)).catch(() => null);
    if (stat?.isFile() && (redis === null || stat.mtime > redis)) redis = stat.mtime;
  }
  return { creditService: sets.at(-1)?.time ?? null, redis };
}
