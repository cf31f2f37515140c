import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DATABASE_FILE } from '../db/open.js';
import { copyPrivate, fileDigest, pathExists, regularFilesUnder, syncPath, syncTree, writePrivate } from './files.js';
import { decryptPrivateKey } from './private-key.js';
import { backupStamp, SET_FILES, type BackupManifest } from './sets.js';
import { verifyBackup } from './verify-backup.js';

/*
 * Puts a verified set back into a data directory, with the service stopped. Everything is staged
 * beside its target first (and the database checked again there), then renamed into place; what
 * was there is renamed aside (`*.before-restore-<stamp>`), never deleted — the audit files hold
 * records the law says to keep. The database goes in last, so a restore cut short leaves no
 * database that looks restored.
 */

export interface RestoreOptions {
  /** The set's folder. */
  from: string;
  /** DATA_DIR to restore into (created when missing). */
  dataDir: string;
  /** AUDIT_DIR (default DATA_DIR/audit). */
  auditDir?: string;
  /** Replace an existing database, audit trail and uploads (kept aside). */
  force?: boolean;
  /** Also write the set's private key, decrypted, to `out` (mode 0600). */
  privateKey?: { out: string; passphrase: string };
  /** The clock (the set-aside names). */
  now?: () => Date;
}

export interface RestoreResult {
  from: string;
  createdAt: string;
  dataDir: string;
  auditDir: string;
  database: string;
  auditFiles: number;
  uploads: number;
  /** What was there before, renamed aside. */
  setAside: string[];
  privateKey: { path: string; keyId: string } | null;
  rows: Record<string, number>;
}

/** A restore that was not started, and why (nothing was changed). */
export class RestoreRefusedError extends Error {
  constructor(
    message: string,
    readonly problems: readonly string[] = [],
  ) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/** The existing data a restore would replace. */
async function existingData(database: string, auditDir: string, uploadsDir: string): Promise<string[]> {
  const found: string[] = [];
  if (await pathExists(database)) found.push(database);
  if ((await fs.readdir(auditDir).catch(() => [])).some((n) => n.endsWith('.jsonl'))) found.push(auditDir);
  if ((await regularFilesUnder(uploadsDir, true)).length > 0) found.push(uploadsDir);
  return found;
}

/** Copies the set's files of one part into a staging folder; returns how many. */
async function stage(setPath: string, manifest: BackupManifest, part: string, staging: string): Promise<number> {
  await fs.mkdir(staging, { recursive: true, mode: 0o700 });
  const prefix = `${part}/`;
  let count = 0;
  for (const entry of manifest.files) {
    if (!entry.path.startsWith(prefix)) continue;
    await copyPrivate(path.join(setPath, entry.path), path.join(staging, entry.path.slice(prefix.length)));
    count += 1;
  }
  await syncTree(staging);
  return count;
}

/** Moves what is at `target` aside (an empty folder is just removed); returns the new name, or null. */
async function setAside(target: string, suffix: string): Promise<string | null> {
  if (!(await pathExists(target))) return null;
  const stat = await fs.lstat(target);
  if (stat.isDirectory() && (await fs.readdir(target)).length === 0) {
    await fs.rmdir(target);
    return null;
  }
  const aside = `${target}${suffix}`;
  await fs.rename(target, aside);
  return aside;
}

/** Verifies a set and restores it; throws RestoreRefusedError, before changing anything, when it should not. */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const from = path.resolve(options.from);
  const dataDir = path.resolve(options.dataDir);
  const auditDir = path.resolve(options.auditDir ?? path.join(dataDir, 'audit'));
  const uploadsDir = path.join(dataDir, 'uploads');
  const database = path.join(dataDir, DATABASE_FILE);
  const now = options.now ?? (() => new Date());

  const report = await verifyBackup(from);
  if (!report.ok || !report.manifest) {
    throw new RestoreRefusedError(
      `the backup set ${from} does not verify, nothing was restored: ${report.problems.join('; ')}`,
      report.problems,
    );
  }
  const manifest = report.manifest;

  // Everything that can refuse is checked before the first file is written.
  let key: { pem: string; keyId: string } | null = null;
  if (options.privateKey) {
    if (!manifest.privateKey) {
      throw new RestoreRefusedError(
        `the backup set ${from} holds no private key (it was made without the private key), nothing was restored`,
      );
    }
    const encrypted = await fs.readFile(path.join(from, manifest.privateKey.file), 'utf8');
    try {
      key = decryptPrivateKey(encrypted, options.privateKey.passphrase);
    } catch (error) {
      throw new RestoreRefusedError(`${(error as Error).message}, nothing was restored`);
    }
    if (key.keyId !== manifest.privateKey.keyId) {
      throw new RestoreRefusedError(`the private key's id is not the one the manifest names, nothing was restored`);
    }
    if (!options.force && (await pathExists(options.privateKey.out))) {
      throw new RestoreRefusedError(
        `refusing to overwrite the key file ${path.resolve(options.privateKey.out)}: restore with force (--force) to replace it (the old one is kept beside it), nothing was restored`,
      );
    }
  }
  const existing = await existingData(database, auditDir, uploadsDir);
  if (existing.length > 0 && !options.force) {
    throw new RestoreRefusedError(
      `refusing to restore over existing data (${existing.join(', ')}): it may be newer than this backup of ${manifest.createdAt}. Stop the service, then restore with force (--force): what is replaced is kept beside it as *.before-restore-<time>. Nothing was restored`,
    );
  }

  const suffix = `.before-restore-${backupStamp(now())}`;
  const tag = `.restore-${randomBytes(4).toString('hex')}`;
  const staged = { uploads: `${uploadsDir}${tag}`, audit: `${auditDir}${tag}`, database: `${database}${tag}` };
  const asideList: string[] = [];
  await fs.mkdir(dataDir, { recursive: true });
  await fs.mkdir(path.dirname(auditDir), { recursive: true });
  let uploads: number;
  let auditFiles: number;
  try {
    uploads = await stage(from, manifest, SET_FILES.uploads, staged.uploads);
    auditFiles = await stage(from, manifest, SET_FILES.audit, staged.audit);
    await copyPrivate(path.join(from, SET_FILES.database), staged.database);
    // Checked again where it will be used: a copy can fail as well as a backup.
    const expected = manifest.files.find((f) => f.path === SET_FILES.database)!;
    if ((await fileDigest(staged.database)).sha256 !== expected.sha256) {
      throw new Error(`the copy of ${SET_FILES.database} in ${dataDir} does not match the backup`);
    }
  } catch (error) {
    for (const target of Object.values(staged)) await fs.rm(target, { recursive: true, force: true });
    throw error;
  }

  for (const [target, staging] of [
    [uploadsDir, staged.uploads],
    [auditDir, staged.audit],
  ] as const) {
    const aside = await setAside(target, suffix);
    if (aside) asideList.push(aside);
    await fs.rename(staging, target);
  }
  // The old database keeps its WAL beside it under the new name (SQLite finds `<name>-wal`); the
  // shared-memory file is rebuilt by whoever opens it. Nothing stale may stay beside the target,
  // or SQLite would replay an old WAL into the restored database.
  const asideDb = await setAside(database, suffix);
  if (asideDb) {
    asideList.push(asideDb);
    if (await pathExists(`${database}-wal`)) await fs.rename(`${database}-wal`, `${asideDb}-wal`);
  }
  for (const stale of ['-wal', '-shm', '-journal']) await fs.rm(`${database}${stale}`, { force: true });
  await fs.rename(staged.database, database);
  await syncPath(dataDir);

  let privateKey: RestoreResult['privateKey'] = null;
  if (options.privateKey && key) {
    const out = path.resolve(options.privateKey.out);
    const temp = `${out}${tag}`;
    await writePrivate(temp, key.pem);
    const aside = await setAside(out, suffix);
    if (aside) asideList.push(aside);
    await fs.rename(temp, out);
    privateKey = { path: out, keyId: key.keyId };
  }

  return {
    from,
    createdAt: manifest.createdAt,
    dataDir,
    auditDir,
    database,
    auditFiles,
    uploads,
    setAside: asideList,
    privateKey,
    rows: manifest.database.rows,
  };
}
