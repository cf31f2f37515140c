import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { type ReportSigningKeys } from '@credit-portal/shared';
import { openRecord, parseSeriesFile, type ExternalAnchor, auditDigests } from '@credit-portal/node-common';
import { AUDIT_KEY_SECRET } from '../audit/anchor-store.js';
import { DATABASE_FILE } from '../db/open.js';
import { DEFAULT_SITE } from '../lib/site.js';
import { signingKeysDocument, signingKeysIn } from '../signing/report-signer.js';
import {
  copyCompleteLines,
  copyPrivate,
  fileDigest,
  PRIVATE_DIR_MODE,
  PRIVATE_FILE_MODE,
  regularFilesUnder,
  syncPath,
  syncTree,
  writePrivate,
} from './files.js';
import { encryptPrivateKey, PRIVATE_KEY_ENCRYPTION, type PrivateKeyToBackup } from './private-key.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  backupStamp,
  PARTIAL_PREFIX,
  SERVICE_FOLDER,
  SET_FILES,
  type AuditChainHead,
  type BackupFileEntry,
  type BackupManifest,
} from './sets.js';

/*
 * One backup set (docs: the package README, "Backups and restore"). The order is what makes it
 * consistent: the database first, by SQLite's online backup (the service keeps writing), then the
 * audit files — every anchor the copied database keeps was written to the files before it was
 * stored, so the files copied after hold it — then the uploads (a filing's files are in place
 * before its row commits, and are never removed after). The set is written under a partial name
 * and renamed once complete and on disk: a folder with a stamp's name is always a whole set.
 */

export interface CreateBackupOptions {
  /** BACKUP_DIR: the set goes to `<backupDir>/credit-service/<UTC stamp>/`. */
  backupDir: string;
  /** DATA_DIR. */
  dataDir: string;
  /** AUDIT_DIR (default DATA_DIR/audit). */
  auditDir?: string;
  /** The service's own connection; unset: the database file is opened for the copy. */
  db?: Database;
  /** The report-signing private key, stored encrypted; unset: not in the set. */
  includePrivateKey?: PrivateKeyToBackup;
  /** The clock (tests). */
  now?: () => Date;
  /** The centre named as the keys' issuer in the manifest (app.site.centreName); default the demo's. */
  issuer?: string;
}

export interface CreatedBackup {
  path: string;
  manifest: BackupManifest;
}

/** Tables whose row counts a restore is checked against: accounts and their logins, filings, reports, the data set, keys, anchors. */
export const COUNTED_TABLES = [
  'users',
  'wechat_identities',
  'login_sessions',
  'user_entities',
  'service_applications',
  'application_materials',
  'credit_reports',
  'h5_reports',
  'credit_promises',
  'follows',
  'entities',
  'licences',
  'penalties',
  'report_signing_keys',
  'audit_anchors',
] as const;

/** The package's name and version (package.json sits two folders above both src/backup and dist/backup). */
export function serviceVersion(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
}

const tableExists = (db: Database, name: string): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/** Row counts of COUNTED_TABLES (the ones the database has). */
export function countRows(db: Database): Record<string, number> {
  const rows: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    if (tableExists(db, table)) rows[table] = Number(db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get());
  }
  return rows;
}

/** The newest anchor of each chain kept in a database (anchor-store.ts's table; none before the first). */
export function storedAnchors(db: Database): ExternalAnchor[] {
  if (!tableExists(db, 'audit_anchors')) return [];
  return db
    .prepare('SELECT series, MAX(seq) AS seq, hash FROM audit_anchors GROUP BY series ORDER BY series')
    .all() as ExternalAnchor[];
}

/**
 * The public keys as /.well-known/credit-report-keys.json serves them, from a database's
 * report_signing_keys (none in a database from before SM2 signing).
 */
export const publishedKeysOf = (db: Database, issuer: string = DEFAULT_SITE.centreName): ReportSigningKeys =>
  signingKeysDocument(tableExists(db, 'report_signing_keys') ? signingKeysIn(db) : [], issuer);

/** Copies the database through SQLite's online backup, then makes the copy a standalone file. */
async function copyDatabase(options: CreateBackupOptions, target: string) {
  const own = options.db === undefined;
  const source =
    options.db ?? new BetterSqlite3(path.join(options.dataDir, DATABASE_FILE), { fileMustExist: true, timeout: 5000 });
  try {
    // The service's connection: the default steps, between which its requests run (and whose
    // writes reach the copy). A connection of its own: one step, one read snapshot — in steps,
    // every write of the service would restart the copy.
    await (own ? source.backup(target, { progress: () => 0x7fffffff }) : source.backup(target));
  } finally {
    if (own) source.close();
  }
  const copy = new BetterSqlite3(target);
  try {
    // Out of WAL mode: one file, which opens read-only without -wal/-shm beside it.
    copy.pragma('journal_mode = DELETE');
    const keyInDatabase =
      tableExists(copy, 'service_secrets') &&
      copy.prepare('SELECT 1 FROM service_secrets WHERE name = ?').get(AUDIT_KEY_SECRET) !== undefined;
    const schemaVersion = tableExists(copy, 'schema_migrations')
      ? Number(copy.prepare('SELECT COALESCE(MAX(version), 0) FROM schema_migrations').pluck().get())
      : 0;
    return {
      schemaVersion,
      rows: countRows(copy),
      anchors: storedAnchors(copy),
      keyInDatabase,
      keys: publishedKeysOf(copy, options.issuer),
    };
  } finally {
    copy.close();
    await fs.chmod(target, PRIVATE_FILE_MODE);
    await syncPath(target);
  }
}

/** Copies every chain file of the audit directory (complete lines only); returns the names copied. */
async function copyAudit(auditDir: string, target: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await fs.readdir(auditDir)).filter((n) => parseSeriesFile(n)).sort();
  } catch (error) {
    // No trail yet (a service that never started); any other failure fails the backup.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    names = [];
  }
  const copied: string[] = [];
  for (const name of names) {
    if ((await copyCompleteLines(path.join(auditDir, name), path.join(target, name))) !== null) copied.push(name);
  }
  return copied;
}

/** The last record of each chain in a set's audit folder. */
export async function chainHeads(dir: string, names: readonly string[]): Promise<AuditChainHead[]> {
  const digests = auditDigests(null);
  const bySeries = new Map<string, string[]>();
  for (const name of names) {
    const parsed = parseSeriesFile(name);
    if (!parsed) continue;
    bySeries.set(parsed.series, [...(bySeries.get(parsed.series) ?? []), name]);
  }
  const heads: AuditChainHead[] = [];
  for (const [series, files] of [...bySeries].sort(([a], [b]) => a.localeCompare(b))) {
    files.sort();
    for (let i = files.length - 1; i >= 0; i -= 1) {
      const lines = (await fs.readFile(path.join(dir, files[i]!), 'utf8')).split('\n').filter(Boolean);
      const last = lines.length > 0 ? openRecord(lines.at(-1)!, digests) : null;
      if (!last) continue;
      heads.push({
        series,
        files: files.length,
        lastFile: files[i]!,
        lastSeq: last.record.seq,
        lastHash: last.record.hash,
      });
      break;
    }
  }
  return heads;
}

/** Copies the uploads (the filings' materials; not `.incoming`, uploads still being received). */
async function copyUploads(uploadsDir: string, target: string): Promise<number> {
  let count = 0;
  for (const relative of await regularFilesUnder(uploadsDir, true)) {
    try {
      await copyPrivate(path.join(uploadsDir, relative), path.join(target, relative));
      count += 1;
    } catch (error) {
      // Removed meanwhile: the files of a filing that failed and was rolled back.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return count;
}

/** Every file of a set but the manifest and the checksum list, with size and SHA-256. */
export async function listSetFiles(setDir: string): Promise<BackupFileEntry[]> {
  const out: BackupFileEntry[] = [];
  for (const relative of await regularFilesUnder(setDir)) {
    if (relative === SET_FILES.manifest || relative === SET_FILES.checksums) continue;
    out.push({ path: relative, ...(await fileDigest(path.join(setDir, relative))) });
  }
  return out;
}

/** What a set's manifest tells an operator: how to check and restore it, and what it holds. */
function manifestNotes(keyInDatabase: boolean, privateKey: BackupManifest['privateKey'], currentKey: string | null) {
  const notes = [
    'Check: node dist/backup/cli.js verify <this folder> (or, without Node: cd <this folder> && sha256sum -c SHA256SUMS).',
    'Restore with the credit-service stopped: node dist/backup/cli.js restore <this folder> --data-dir <DATA_DIR>.',
    'credit.sqlite holds the secrets the service generated for itself when they are not set in the environment (login tokens, report HMAC key, audit key, link keys) and residents’ data: keep this set as safe as DATA_DIR.',
    'Not included: the open-data files (the service writes them again), the demo outbox, uploads still being received.',
  ];
  if (!keyInDatabase) {
    notes.push(
      'The audit key is not in the database: set the same AUDIT_KEY after a restore, or the anchors’ MACs cannot be checked.',
    );
  }
  if (privateKey) {
    notes.push(
      `${privateKey.file} is the report-signing private key (key id ${privateKey.keyId}), encrypted. Decrypt: openssl pkey -in ${privateKey.file} -passin file:<passphrase file> -out report-signing.pem && chmod 600 report-signing.pem — or restore with --private-key-out <file> --passphrase-file <file>.`,
    );
  } else {
    notes.push(
      `The report-signing private key is not in this set: keep REPORT_SIGNING_KEY_FILE's key${currentKey ? ` (key id ${currentKey})` : ''} in the centre's secret store; ${SET_FILES.publicKeys} holds the public keys.`,
    );
  }
  return notes;
}

/** Renames the finished folder to its stamp (`-2`, `-3`… when a set of the same second exists). */
async function publish(partial: string, root: string, stamp: string): Promise<string> {
  for (let n = 1; n <= 100; n += 1) {
    const target = path.join(root, n === 1 ? stamp : `${stamp}-${n}`);
    try {
      // rename(2) replaces an empty folder only: a set, which never is one, is never replaced.
      await fs.rename(partial, target);
      return target;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`too many backup sets named ${stamp}`);
}

/** Writes one backup set; returns its path and manifest. A failure leaves no set (the partial folder is removed). */
export async function createBackup(options: CreateBackupOptions): Promise<CreatedBackup> {
  const now = options.now ?? (() => new Date());
  const dataDir = path.resolve(options.dataDir);
  const auditDir = path.resolve(options.auditDir ?? path.join(dataDir, 'audit'));
  const root = path.join(path.resolve(options.backupDir), SERVICE_FOLDER);
  await fs.mkdir(root, { recursive: true, mode: PRIVATE_DIR_MODE });
  const startedAt = now();
  const stamp = backupStamp(startedAt);
  const partial = path.join(root, `${PARTIAL_PREFIX}${stamp}-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(partial, { mode: PRIVATE_DIR_MODE });
  try {
    const database = await copyDatabase({ ...options, dataDir }, path.join(partial, SET_FILES.database));
    const auditTarget = path.join(partial, SET_FILES.audit);
    await fs.mkdir(auditTarget, { mode: PRIVATE_DIR_MODE });
    const auditFiles = await copyAudit(auditDir, auditTarget);
    const uploadsTarget = path.join(partial, SET_FILES.uploads);
    await fs.mkdir(uploadsTarget, { mode: PRIVATE_DIR_MODE });
    const uploads = await copyUploads(path.join(dataDir, 'uploads'), uploadsTarget);
    await writePrivate(path.join(partial, SET_FILES.publicKeys), `${JSON.stringify(database.keys, null, 2)}\n`);
    let privateKey: BackupManifest['privateKey'] = null;
    if (options.includePrivateKey) {
      const encrypted = encryptPrivateKey(options.includePrivateKey);
      await writePrivate(path.join(partial, SET_FILES.privateKey), encrypted.pem);
      privateKey = { file: SET_FILES.privateKey, keyId: encrypted.keyId, encryption: PRIVATE_KEY_ENCRYPTION };
    }
    const files = await listSetFiles(partial);
    const currentKey = database.keys.keys.find((k) => k.current)?.keyId ?? null;
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: startedAt.toISOString(),
      completedAt: now().toISOString(),
      service: serviceVersion(),
      source: { dataDir, auditDir },
      database: { file: SET_FILES.database, schemaVersion: database.schemaVersion, rows: database.rows },
      audit: {
        dir: SET_FILES.audit,
        chains: await chainHeads(auditTarget, auditFiles),
        anchors: database.anchors,
        keyInDatabase: database.keyInDatabase,
      },
      signingKeys: { file: SET_FILES.publicKeys, current: currentKey, keys: database.keys.keys.length },
      privateKey,
      uploads: {
        dir: SET_FILES.uploads,
        files: uploads,
        bytes: files.filter((f) => f.path.startsWith(`${SET_FILES.uploads}/`)).reduce((sum, f) => sum + f.size, 0),
      },
      files,
      notes: manifestNotes(database.keyInDatabase, privateKey, currentKey),
    };
    await writePrivate(path.join(partial, SET_FILES.checksums), files.map((f) => `${f.sha256}  ${f.path}\n`).join(''));
    await writePrivate(path.join(partial, SET_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    await syncTree(partial);
    const done = await publish(partial, root, stamp);
    await syncPath(root);
    return { path: done, manifest };
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
}
