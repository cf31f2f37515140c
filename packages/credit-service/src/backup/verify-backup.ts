import fs from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { parseSeriesFile, verifyAuditFiles, type AuditFileText, auditDigests } from '@credit-portal/node-common';
import { storedAuditKey } from '../audit/anchor-store.js';
import { countRows, storedAnchors } from './create-backup.js';
import { fileDigest, regularFilesUnder } from './files.js';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, SET_FILES, type BackupManifest } from './sets.js';

/*
 * Checks a set before anyone relies on it: every file the manifest lists is there with its size
 * and SHA-256, nothing else is, the database passes SQLite's integrity check and has the rows the
 * manifest counted. The audit chains of the set are verified too (with the anchors and key of the
 * copied database) and reported; they do not fail the set: a backup is a faithful copy of the
 * trail as it was, and a restore may be needed precisely when the trail is in question.
 */

/** One audit chain of a set, as `audit verify` sees it. */
export interface BackupAuditChain {
  series: string;
  status: 'ok' | 'broken' | 'truncated';
  records: number;
  lastSeq: number;
  problem: string | null;
}

export interface BackupVerifyReport {
  path: string;
  ok: boolean;
  createdAt: string | null;
  /** Files checked, and their bytes. */
  files: number;
  bytes: number;
  /** What is wrong, one line each; empty when ok. */
  problems: string[];
  /** `PRAGMA integrity_check`'s answer ('ok'), or null when the database could not be checked. */
  integrity: string | null;
  audit: BackupAuditChain[];
  /** The anchors' MACs were checked (the audit key is in the copied database). */
  auditKeyChecked: boolean;
  manifest: BackupManifest | null;
}

/**
 * True for a manifest path a set may hold: relative, no `..`, under one of the set's parts. A
 * restore writes by these paths, so a manifest cannot aim it outside the target folders.
 */
export function isSetPath(relative: string): boolean {
  const parts = relative.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\') || p.includes('\0'))) return false;
  const [top, ...rest] = parts;
  if (rest.length === 0) return [SET_FILES.database, SET_FILES.publicKeys, SET_FILES.privateKey].includes(top as never);
  if (top === SET_FILES.audit) return rest.length === 1 && parseSeriesFile(rest[0]!) !== null;
  return top === SET_FILES.uploads && !rest[0]!.startsWith('.');
}

/** The manifest of a set, or a problem. */
async function readManifest(setPath: string): Promise<{ manifest: BackupManifest } | { problem: string }> {
  let text: string;
  try {
    text = await fs.readFile(path.join(setPath, SET_FILES.manifest), 'utf8');
  } catch (error) {
    return {
      problem: `${SET_FILES.manifest}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): not a complete backup set`,
    };
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    return { problem: `${SET_FILES.manifest}: not JSON` };
  }
  if (manifest?.format !== BACKUP_FORMAT || typeof manifest.formatVersion !== 'number') {
    return { problem: `${SET_FILES.manifest}: not a credit-service backup manifest` };
  }
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    return {
      problem: `${SET_FILES.manifest}: format ${manifest.formatVersion} is newer than this release reads (${BACKUP_FORMAT_VERSION}): use the release that made it (${manifest.service?.version ?? 'unknown'})`,
    };
  }
  if (!Array.isArray(manifest.files) || !manifest.database?.rows)
    return { problem: `${SET_FILES.manifest}: incomplete` };
  return { manifest };
}

/** The database checks: integrity, the manifest's row counts, and the audit chains against its anchors. */
async function checkDatabase(setPath: string, manifest: BackupManifest, report: BackupVerifyReport): Promise<void> {
  let db: Database;
  try {
    db = new BetterSqlite3(path.join(setPath, SET_FILES.database), { readonly: true, fileMustExist: true });
  } catch (error) {
    report.problems.push(`${SET_FILES.database}: cannot be opened (${(error as Error).message})`);
    return;
  }
  try {
    const answer = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    report.integrity = answer.slice(0, 5).join('; ');
    if (answer.length !== 1 || answer[0] !== 'ok') {
      report.problems.push(`${SET_FILES.database}: integrity check failed: ${report.integrity}`);
      return;
    }
    const rows = countRows(db);
    for (const [table, expected] of Object.entries(manifest.database.rows)) {
      if (rows[table] !== expected) {
        report.problems.push(
          `${SET_FILES.database}: ${table} has ${rows[table] ?? 'no'} rows, the manifest counted ${expected}`,
        );
      }
    }
    let key: string | null = null;
    try {
      key = storedAuditKey(db);
    } catch {
      // no service_secrets table: an empty database
    }
    const auditDir = path.join(setPath, SET_FILES.audit);
    const names = (await fs.readdir(auditDir).catch(() => [] as string[])).filter((n) => parseSeriesFile(n));
    const files: AuditFileText[] = [];
    for (const name of names) files.push({ name, text: await fs.readFile(path.join(auditDir, name), 'utf8') });
    if (files.length > 0) {
      const audit = verifyAuditFiles(files, auditDigests(key), { anchors: storedAnchors(db) });
      report.auditKeyChecked = key !== null;
      report.audit = audit.series.map((s) => ({
        series: s.series,
        status: s.status,
        records: s.records,
        lastSeq: s.lastSeq,
        problem: s.problem ? `${s.problem.file}:${s.problem.line}: ${s.problem.message}` : null,
      }));
    }
  } catch (error) {
    report.problems.push(`${SET_FILES.database}: cannot be read (${(error as Error).message})`);
  } finally {
    db.close();
  }
}

/** Checks a backup set: checksums, the database's integrity and counts; reports its audit chains. */
export async function verifyBackup(setPath: string): Promise<BackupVerifyReport> {
  const resolved = path.resolve(setPath);
  const report: BackupVerifyReport = {
    path: resolved,
    ok: false,
    createdAt: null,
    files: 0,
    bytes: 0,
    problems: [],
    integrity: null,
    audit: [],
    auditKeyChecked: false,
    manifest: null,
  };
  const read = await readManifest(resolved);
  if ('problem' in read) {
    report.problems.push(read.problem);
    return report;
  }
  const { manifest } = read;
  report.manifest = manifest;
  report.createdAt = manifest.createdAt;
  const listed = new Set<string>();
  for (const entry of manifest.files) {
    if (typeof entry?.path !== 'string' || !isSetPath(entry.path)) {
      report.problems.push(
        `${SET_FILES.manifest}: lists a path outside the set's parts: ${JSON.stringify(entry?.path)}`,
      );
      continue;
    }
    listed.add(entry.path);
    let actual: { size: number; sha256: string };
    try {
      actual = await fileDigest(path.join(resolved, entry.path));
    } catch (error) {
      report.problems.push(`${entry.path}: missing (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      continue;
    }
    report.files += 1;
    report.bytes += actual.size;
    if (actual.size !== entry.size)
      report.problems.push(`${entry.path}: ${actual.size} bytes, the manifest says ${entry.size}`);
    else if (actual.sha256 !== entry.sha256) report.problems.push(`${entry.path}: SHA-256 does not match the manifest`);
  }
  for (const relative of await regularFilesUnder(resolved)) {
    if (relative === SET_FILES.manifest || relative === SET_FILES.checksums || listed.has(relative)) continue;
    report.problems.push(`${relative}: not in the manifest`);
  }
  if (!listed.has(SET_FILES.database)) report.problems.push(`${SET_FILES.manifest}: lists no ${SET_FILES.database}`);
  else await checkDatabase(resolved, manifest, report);
  report.ok = report.problems.length === 0;
  return report;
}
