import { execFile, execFileSync } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  EnvReader,
  type Application,
  type ApplicationPage,
  type RepairPunishPage,
  type ReportSigningKeys,
  type ReportVerifyOutcome,
} from '@credit-portal/shared';
import { runAuditCommand } from '../src/audit/verify-command.js';
import { runBackupCommand } from '../src/backup/backup-command.js';
import { countRows, createBackup } from '../src/backup/create-backup.js';
import { createBackupJob, type BackupRun } from '../src/backup/job.js';
import { readBackupSettings } from '../src/backup/settings.js';
import { decryptPrivateKey, keyIdOf, readPrivateKeyToBackup } from '../src/backup/private-key.js';
import { restoreBackup, RestoreRefusedError } from '../src/backup/restore-backup.js';
import {
  backupStamp,
  BACKUP_FORMAT,
  listBackupSets,
  newestBackupTimes,
  parseSetName,
  pruneBackups,
  SERVICE_FOLDER,
  SET_FILES,
  type BackupManifest,
} from '../src/backup/sets.js';
import { verifyBackup } from '../src/backup/verify-backup.js';
import { localToday } from '../src/lib/dates.js';
import { createServicesRepository } from '../src/repositories/services.js';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_B } from '../src/seed/index.js';
import { buildTestApp, injectJson, removeDir, tempDir, type TestApp } from './helper.js';
import { multipart, PDF, PNG } from './services-helper.js';
import { compact, pdfText } from './services-pdf-text.js';

/*
 * Backups and the restore drill: a set made while the service writes, checked, restored into a
 * destroyed data directory, and the service started on it — its logins, filings, issued reports
 * and audit trail as they were.
 */

interface Answer<T> {
  ErrorCode: number;
  Data: T | null;
  Msg: string;
}

const PASSPHRASE = 'correct horse battery staple';
const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

let t: TestApp;
let work: string;
let keyFile: string;
let passFile: string;
let backupDir: string;
const period = { periodFrom: '2024-01-01', periodTo: '2025-12-31' };

async function call<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: object; query?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return injectJson<Answer<T>>(app, { method, url, headers, payload: options.body, query: options.query });
}

async function login(app: FastifyInstance, account: { mobile: string; password: string }): Promise<string> {
  const { status, body } = await call<{ JwtToken: string }>(app, 'POST', API_PATHS.login, {
    body: { Mobile: account.mobile, Password: account.password },
  });
  expect(status, body.Msg).toBe(200);
  return body.Data!.JwtToken;
}

/** Links to user A a company with a penalty that can be repaired now, and files a repair of it with two files. */
async function fileRepair(app: FastifyInstance, token: string): Promise<Application> {
  const ids = app.db
    .prepare(
      `SELECT DISTINCT p.entity_id FROM penalties p JOIN entities e ON e.id = p.entity_id
       WHERE p.CF_XDR_LB <> '自然人' AND p.CF_ZT = '正常' AND p.severity <> '轻微' AND p.repaired_on IS NULL
         AND p.CF_GSJZQ >= ? AND e.ent_type NOT LIKE '%个体工商户%'
         AND p.entity_id NOT IN (SELECT entity_id FROM user_entities) ORDER BY p.entity_id`,
    )
    .pluck()
    .all(localToday()) as number[];
  for (const id of ids) {
    const code = app.db.prepare('SELECT credit_code FROM entities WHERE id = ?').pluck().get(id) as string;
    const { body } = await call<RepairPunishPage>(app, 'GET', API_PATHS.repairPunishSearch, {
      query: { entNameOrPunishDocNo: code, pageSize: '50' },
    });
    const penalty = body.Data!.list.find((row) => row.Repairable);
    if (!penalty) continue;
    createServicesRepository(app.db).linkEntity('user:1', id, '经办人');
    const form = multipart(
      {
        punishId: penalty.id,
        purposeId: '1',
        contactName: '张三',
        contactPhone: '13812345678',
        description: '已缴清罚款并完成整改，申请信用修复。',
      },
      [
        { name: '缴款凭证.png', content: PNG },
        { name: '整改报告.pdf', content: PDF },
      ],
    );
    const filed = await injectJson<Answer<Application>>(app, {
      method: 'POST',
      url: API_PATHS.repairUpload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      payload: form.payload,
    });
    expect(filed.status, filed.body.Msg).toBe(200);
    return filed.body.Data!;
  }
  throw new Error('no spare repairable penalty in the test data set');
}

/** Issues an enterprise report; its PDF, number and verification code. */
async function issue(app: FastifyInstance): Promise<{ pdf: Buffer; reportNo: string; code: string }> {
  const entityId = app.db.prepare('SELECT MIN(id) FROM entities').pluck().get() as number;
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.enterpriseReport,
    payload: { entityId: String(entityId), ...period },
  });
  expect(response.statusCode, response.body).toBe(200);
  const pdf = response.rawPayload;
  const code = /验证码([A-Z2-9]{8})/.exec(compact(await pdfText(pdf)))?.[1] ?? '';
  expect(code).not.toBe('');
  return { pdf, reportNo: String(response.headers['x-report-number']), code };
}

/** Runs a command of the backup CLI in process: its exit status and the JSON lines it printed. */
async function cli(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runBackupCommand(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out, err, lines: out.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

const auditVerify = (auditDir: string, dataDir: string) => {
  const lines: string[] = [];
  const status = runAuditCommand(
    ['verify', auditDir, '--data-dir', dataDir],
    {},
    {
      out: (l) => lines.push(l),
      err: (l) => lines.push(l),
    },
  );
  return { status, lines };
};

const readManifest = (set: string): BackupManifest =>
  JSON.parse(fs.readFileSync(path.join(set, SET_FILES.manifest), 'utf8')) as BackupManifest;

beforeAll(async () => {
  work = await tempDir();
  keyFile = path.join(work, 'report-signing.pem');
  execFileSync('openssl', ['genpkey', '-algorithm', 'SM2', '-out', keyFile]);
  passFile = path.join(work, 'passphrase');
  fs.writeFileSync(passFile, `${PASSPHRASE}\n`, { mode: 0o600 });
  backupDir = path.join(work, 'backups');
  t = await buildTestApp({ reportSigningKeyFile: keyFile });
});

afterAll(async () => {
  await t?.close();
  await removeDir(work);
});

describe('the restore drill', () => {
  let set: string;
  let manifest: BackupManifest;
  let before: { pdf: Buffer; reportNo: string; code: string };
  let filedBefore: Application;
  let restoredKey: string;

  it('makes a set while logins, filings and reports are written, and the set verifies', async () => {
    const token = await login(t.app, DEMO_ACCOUNT);
    filedBefore = await fileRepair(t.app, token);
    before = await issue(t.app);
    // The writer anchors every 5 minutes, too rarely for a test: here it anchors once before the
    // set (so that the copy holds one however slow the host) and without pause while the set is
    // made, so that anchors reach the database during its copy.
    await t.app.audit.writer.anchor('interval', true);
    let copying = true;
    const anchoring = (async () => {
      while (copying) await t.app.audit.writer.anchor('interval', true);
    })();
    const key = readPrivateKeyToBackup({ keyFile, dataDir: t.dataDir, passphraseFile: passFile });
    const [made] = await Promise.all([
      createBackup({ backupDir, dataDir: t.dataDir, db: t.app.db, includePrivateKey: key }).finally(() => {
        copying = false;
      }),
      login(t.app, DEMO_ACCOUNT_B),
      fileRepair(t.app, token),
      issue(t.app),
      anchoring,
    ]);
    set = made.path;
    manifest = made.manifest;
    expect(path.dirname(set)).toBe(path.join(backupDir, SERVICE_FOLDER));
    expect(parseSetName(path.basename(set))).toEqual(new Date(manifest.createdAt.replace(/\.\d{3}Z$/, 'Z')));
    expect(fs.readdirSync(path.dirname(set)).filter((n) => n.startsWith('.'))).toEqual([]);
    expect(manifest).toMatchObject({ format: BACKUP_FORMAT, formatVersion: 1, service: { version: '0.1.0' } });
    expect(manifest.database.rows.credit_reports).toBeGreaterThanOrEqual(1);
    expect(manifest.database.rows.service_applications).toBeGreaterThanOrEqual(1);
    // Every anchor kept in the copied database names a record of the copied files.
    expect(manifest.audit.anchors.length).toBeGreaterThan(0);
    for (const anchor of manifest.audit.anchors) {
      expect(manifest.audit.chains.find((c) => c.series === anchor.series)!.lastSeq).toBeGreaterThanOrEqual(anchor.seq);
    }
    // The filing made before the set: its files are in it.
    const stored = t.app.db
      .prepare(
        `SELECT stored_name FROM application_materials WHERE application_id =
           (SELECT id FROM service_applications WHERE apply_no = ?)`,
      )
      .pluck()
      .all(filedBefore.ApplyNo) as string[];
    expect(stored).toHaveLength(2);
    for (const name of stored) expect(manifest.files.map((f) => f.path)).toContain(`uploads/${name}`);
    // The public keys are what the well-known document serves.
    const published = await call<ReportSigningKeys>(t.app, 'GET', API_PATHS.reportSigningKeys);
    const keys = JSON.parse(fs.readFileSync(path.join(set, SET_FILES.publicKeys), 'utf8')) as ReportSigningKeys;
    expect(keys).toEqual(published.body.Data);
    expect(manifest.signingKeys.current).toBe(t.app.reportSigner.keyId);
    expect(manifest.privateKey).toMatchObject({ file: SET_FILES.privateKey, keyId: t.app.reportSigner.keyId });
    expect(manifest.notes.join('\n')).toContain(
      `openssl pkey -in ${SET_FILES.privateKey} -passin file:<passphrase file>`,
    );
    // Private: the folder and every file.
    expect(fs.statSync(set).mode & 0o077).toBe(0);
    for (const file of manifest.files) expect(fs.statSync(path.join(set, file.path)).mode & 0o077).toBe(0);

    const report = await verifyBackup(set);
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, integrity: 'ok', files: manifest.files.length, auditKeyChecked: true });
    expect(report.audit.length).toBeGreaterThan(0);
    expect(report.audit.every((chain) => chain.status === 'ok')).toBe(true);
    // The checksum list works without Node.
    expect(execFileSync('sha256sum', ['-c', '--quiet', SET_FILES.checksums], { cwd: set }).toString()).toBe('');
  });

  it('restores into a destroyed data directory, and the service starts on it as it was', async () => {
    const dataDir = t.dataDir;
    await t.app.close();
    await removeDir(dataDir);
    restoredKey = path.join(work, 'restored-key.pem');
    const result = await restoreBackup({
      from: set,
      dataDir,
      privateKey: { out: restoredKey, passphrase: PASSPHRASE },
    });
    expect(result).toMatchObject({
      setAside: [],
      privateKey: { path: restoredKey, keyId: manifest.privateKey!.keyId },
    });
    expect(fs.statSync(restoredKey).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir).filter((n) => n.includes('.restore-') || n.endsWith('-wal'))).toEqual([]);
    const db = new BetterSqlite3(path.join(dataDir, 'credit.sqlite'), { readonly: true });
    expect(countRows(db)).toEqual(manifest.database.rows);
    db.close();
    expect(auditVerify(path.join(dataDir, 'audit'), dataDir).status).toBe(0);

    t = await buildTestApp({ dataDir, reportSigningKeyFile: restoredKey });
    // The restored key is the one that signed: no rotation.
    expect(t.app.reportSigner.keyId).toBe(manifest.privateKey!.keyId);
    const rows = countRows(t.app.db);
    for (const table of ['users', 'service_applications', 'application_materials', 'credit_reports', 'entities']) {
      expect(rows[table], table).toBe(manifest.database.rows[table]);
    }
    const token = await login(t.app, DEMO_ACCOUNT);
    const mine = await call<ApplicationPage>(t.app, 'GET', API_PATHS.myApplications, { token });
    expect(mine.body.Data!.list.map((a) => a.ApplyNo)).toContain(filedBefore.ApplyNo);
    const verified = await call<ReportVerifyOutcome>(t.app, 'GET', API_PATHS.reportVerify, {
      query: { reportNo: before.reportNo, code: before.code },
    });
    expect(verified.body.Data).toMatchObject({ Verified: true, Report: { ReportNo: before.reportNo } });
    const form = multipart({ reportNo: before.reportNo, code: before.code }, [
      { name: 'report.pdf', content: before.pdf, type: 'application/pdf' },
    ]);
    const byFile = await injectJson<Answer<ReportVerifyOutcome>>(t.app, {
      method: 'POST',
      url: API_PATHS.reportVerifyFile,
      ...form,
    });
    expect(byFile.body.Data).toMatchObject({ Verified: true, Report: { FileChecked: true } });
    // The restored chains go on from where the set ended, and verify against the restored anchors.
    const closing = t.dataDir;
    await t.app.close();
    const audit = auditVerify(path.join(closing, 'audit'), closing);
    expect(audit.lines.filter((l) => /^(OK|BROKEN|TORN)/.test(l)).every((l) => l.startsWith('OK'))).toBe(true);
    expect(audit.status).toBe(0);
    t = await buildTestApp({ dataDir: closing, reportSigningKeyFile: restoredKey });
  });

  it('refuses a tampered set, and restores nothing from it', async () => {
    const tampered = path.join(work, 'tampered');
    fs.cpSync(set, tampered, { recursive: true });
    const auditFile = manifest.files.find((f) => f.path.startsWith('audit/'))!.path;
    const text = fs.readFileSync(path.join(tampered, auditFile), 'utf8');
    fs.writeFileSync(path.join(tampered, auditFile), text.replace('"result":"success"', '"result":"failure"'));
    fs.writeFileSync(path.join(tampered, 'uploads', 'extra.pdf'), PDF);
    const report = await verifyBackup(tampered);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual(
      expect.arrayContaining([
        `${auditFile}: SHA-256 does not match the manifest`,
        'uploads/extra.pdf: not in the manifest',
      ]),
    );
    const target = path.join(work, 'from-tampered');
    await expect(restoreBackup({ from: tampered, dataDir: target })).rejects.toThrow(
      /does not verify, nothing was restored: .*SHA-256 does not match/,
    );
    expect(fs.existsSync(target)).toBe(false);

    // A manifest cannot aim a restore outside the data directory.
    const aimed = path.join(work, 'aimed');
    fs.cpSync(set, aimed, { recursive: true });
    const m = readManifest(aimed);
    m.files.push({ path: '../../outside.txt', size: 0, sha256: '' });
    fs.writeFileSync(path.join(aimed, SET_FILES.manifest), JSON.stringify(m));
    expect((await verifyBackup(aimed)).problems).toContain(
      `${SET_FILES.manifest}: lists a path outside the set's parts: "../../outside.txt"`,
    );

    // A damaged database fails SQLite's own check as well as its checksum.
    const damaged = path.join(work, 'damaged');
    fs.cpSync(set, damaged, { recursive: true });
    const dbFile = path.join(damaged, SET_FILES.database);
    const fd = fs.openSync(dbFile, 'r+');
    fs.writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 8192);
    fs.closeSync(fd);
    const bad = await verifyBackup(damaged);
    expect(bad.ok).toBe(false);
    expect(bad.problems[0]).toBe(`${SET_FILES.database}: SHA-256 does not match the manifest`);
    expect(
      bad.problems.some(
        (p) => p.startsWith(`${SET_FILES.database}: integrity check failed`) || p.includes('malformed'),
      ),
    ).toBe(true);
  });

  it('refuses to restore over an existing database without force, and keeps what it replaces with force', async () => {
    await t.app.close();
    const dataDir = t.dataDir;
    const refused = restoreBackup({ from: set, dataDir });
    await expect(refused).rejects.toBeInstanceOf(RestoreRefusedError);
    await expect(restoreBackup({ from: set, dataDir })).rejects.toThrow(
      /refusing to restore over existing data \(.*credit\.sqlite.*\): it may be newer than this backup .*--force/,
    );
    const result = await restoreBackup({
      from: set,
      dataDir,
      force: true,
      now: () => new Date('2026-12-05T10:30:00Z'),
    });
    expect(result.setAside).toEqual(
      expect.arrayContaining([
        path.join(dataDir, 'credit.sqlite.before-restore-20261205T103000Z'),
        path.join(dataDir, 'audit.before-restore-20261205T103000Z'),
        path.join(dataDir, 'uploads.before-restore-20261205T103000Z'),
      ]),
    );
    for (const aside of result.setAside) expect(fs.existsSync(aside)).toBe(true);
    // The old database is whole beside it: it opens with the rows it had.
    const old = new BetterSqlite3(path.join(dataDir, 'credit.sqlite.before-restore-20261205T103000Z'), {
      readonly: true,
    });
    expect(Number(old.prepare('SELECT COUNT(*) FROM users').pluck().get())).toBe(manifest.database.rows.users);
    old.close();
    // A key file is not overwritten without force either.
    await expect(
      restoreBackup({ from: set, dataDir, force: false, privateKey: { out: restoredKey, passphrase: PASSPHRASE } }),
    ).rejects.toThrow(/refusing to overwrite the key file/);
    t = await buildTestApp({ dataDir, reportSigningKeyFile: restoredKey });
    expect(countRows(t.app.db).credit_reports).toBe(manifest.database.rows.credit_reports);
  });

  it('encrypts the private key so that the passphrase, and only it, opens it (Node and OpenSSL)', async () => {
    const encrypted = path.join(set, SET_FILES.privateKey);
    const pem = fs.readFileSync(encrypted, 'utf8');
    expect(pem).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----\n/);
    const plainKeyId = keyIdOf(fs.readFileSync(keyFile, 'utf8'));
    expect(decryptPrivateKey(pem, PASSPHRASE).keyId).toBe(plainKeyId);
    expect(() => decryptPrivateKey(pem, 'not the passphrase')).toThrow(/wrong passphrase/);
    expect(() => createPrivateKey({ key: pem, format: 'pem' })).toThrow();
    const opened = execFileSync('openssl', ['pkey', '-in', encrypted, '-passin', `file:${passFile}`]).toString();
    expect(keyIdOf(opened)).toBe(plainKeyId);
    const wrong = path.join(work, 'wrong-passphrase');
    fs.writeFileSync(wrong, 'not the passphrase\n');
    expect(() =>
      execFileSync('openssl', ['pkey', '-in', encrypted, '-passin', `file:${wrong}`], { stdio: 'pipe' }),
    ).toThrow();
    expect(() => execFileSync('openssl', ['pkey', '-in', encrypted, '-passin', 'pass:'], { stdio: 'pipe' })).toThrow();
    await expect(
      restoreBackup({
        from: set,
        dataDir: path.join(work, 'wrong-key-restore'),
        privateKey: { out: path.join(work, 'k.pem'), passphrase: 'not the passphrase' },
      }),
    ).rejects.toThrow(/could not be decrypted: wrong passphrase/);
    expect(fs.existsSync(path.join(work, 'wrong-key-restore'))).toBe(false);
    // A set made without the key has none to give.
    const plain = await createBackup({ backupDir: path.join(work, 'no-key'), dataDir: t.dataDir, db: t.app.db });
    expect(plain.manifest.privateKey).toBeNull();
    expect(fs.existsSync(path.join(plain.path, SET_FILES.privateKey))).toBe(false);
    await expect(
      restoreBackup({
        from: plain.path,
        dataDir: path.join(work, 'no-key-restore'),
        privateKey: { out: path.join(work, 'k.pem'), passphrase: PASSPHRASE },
      }),
    ).rejects.toThrow(/holds no private key/);
  });
  it('copies only the complete lines of an audit file being written', async () => {
    // A data directory of its own (the restored set), whose newest audit file ends in half a record.
    const dataDir = path.join(work, 'torn');
    await restoreBackup({ from: set, dataDir });
    const chain = manifest.audit.chains.find((c) => c.series === 'credit-service.security')!;
    const file = path.join(dataDir, 'audit', chain.lastFile);
    const whole = fs.readFileSync(file, 'utf8');
    fs.appendFileSync(file, '{"v":1,"seq":999,"time":"2026-');
    const made = await createBackup({ backupDir: path.join(work, 'torn-backups'), dataDir });
    expect(fs.readFileSync(path.join(made.path, 'audit', chain.lastFile), 'utf8')).toBe(whole);
    expect(made.manifest.audit.chains.find((c) => c.series === chain.series)).toEqual(chain);
    const report = await verifyBackup(made.path);
    expect(report.ok).toBe(true);
    expect(report.audit.map((c) => c.status)).toEqual(report.audit.map(() => 'ok'));
  });
});

describe('pruning and the age of the newest backups', () => {
  const fakeSet = (root: string, name: string, manifest = true) => {
    fs.mkdirSync(path.join(root, SERVICE_FOLDER, name), { recursive: true });
    if (manifest) fs.writeFileSync(path.join(root, SERVICE_FOLDER, name, SET_FILES.manifest), '{}');
  };

  it('removes complete sets past the retention, always keeps the newest, and touches nothing else', async () => {
    const root = path.join(work, 'prune');
    for (const name of [
      '20261101T023000Z',
      '20261120T023000Z',
      '20261128T023000Z',
      '20261128T023000Z-2',
      '20261204T023000Z',
    ]) {
      fakeSet(root, name);
    }
    fakeSet(root, '20260101T000000Z', false); // no manifest: not a complete set
    fakeSet(root, '.partial-20260101T000000Z-abcd', false);
    fakeSet(root, 'keep-me');
    fs.writeFileSync(path.join(root, SERVICE_FOLDER, '20250101T000000Z'), 'a file, not a set');
    fakeSet(root, '20261399T000000Z'); // no time: not a stamp
    const now = new Date('2026-12-05T02:00:00Z');
    const removed = await pruneBackups(root, 7, now);
    expect(removed.map((p) => path.basename(p))).toEqual(['20261101T023000Z', '20261120T023000Z']);
    expect(fs.readdirSync(path.join(root, SERVICE_FOLDER)).sort()).toEqual(
      [
        '.partial-20260101T000000Z-abcd',
        '20250101T000000Z',
        '20260101T000000Z',
        '20261128T023000Z',
        '20261128T023000Z-2',
        '20261204T023000Z',
        '20261399T000000Z',
        'keep-me',
      ].sort(),
    );
    // Far later, every set is old: the newest one stays.
    const later = await pruneBackups(root, 1, new Date('2030-01-01T00:00:00Z'));
    expect(later.map((p) => path.basename(p))).toEqual(['20261128T023000Z', '20261128T023000Z-2']);
    expect((await listBackupSets(root)).filter((s) => s.complete).map((s) => s.name)).toEqual(['20261204T023000Z']);
    expect(await pruneBackups(path.join(work, 'no-such-dir'), 1)).toEqual([]);
  });

  it('tells the newest set’s time and the newest Redis dump’s', async () => {
    const root = path.join(work, 'ages');
    expect(await newestBackupTimes(root)).toEqual({ creditService: null, redis: null });
    fakeSet(root, '20261203T023000Z');
    fakeSet(root, '20261204T023000Z');
    fakeSet(root, '20261205T023000Z', false);
    fs.mkdirSync(path.join(root, 'redis'));
    const dump = (name: string, time: string) => {
      fs.writeFileSync(path.join(root, 'redis', name), 'REDIS');
      fs.utimesSync(path.join(root, 'redis', name), new Date(time), new Date(time));
    };
    dump('dump-20261203T010000Z.rdb', '2026-12-03T01:00:00Z');
    dump('dump-20261204T010000Z.rdb', '2026-12-04T01:00:00Z');
    // Still being written: the sidecar renames it when whole.
    dump('.dump-20261205T010000Z.rdb', '2026-12-05T01:00:00Z');
    dump('notes.txt', '2026-12-05T01:00:00Z');
    expect(await newestBackupTimes(root)).toEqual({
      creditService: new Date('2026-12-04T02:30:00Z'),
      redis: new Date('2026-12-04T01:00:00Z'),
    });
    expect(backupStamp(new Date('2026-12-05T10:30:00.123Z'))).toBe('20261205T103000Z');
  });
});

describe('the scheduled job and its settings', () => {
  it('reads BACKUP_* with their defaults and bounds', () => {
    const settings = (env: Record<string, string>) => {
      const read = new EnvReader(env);
      return { settings: readBackupSettings(read), problems: read.problems };
    };
    expect(settings({})).toEqual({
      settings: { dir: null, cron: '30 2 * * *', retentionDays: 14, passphraseFile: null },
      problems: [],
    });
    expect(
      settings({
        BACKUP_DIR: '/backups',
        BACKUP_CRON: 'off',
        BACKUP_RETENTION_DAYS: '3650',
        BACKUP_KEY_PASSPHRASE_FILE: '/run/secrets/backup-passphrase',
      }).settings,
    ).toEqual({ dir: '/backups', cron: null, retentionDays: 3650, passphraseFile: '/run/secrets/backup-passphrase' });
    const bad = settings({ BACKUP_CRON: 'every night', BACKUP_RETENTION_DAYS: '0' });
    expect(bad.problems).toHaveLength(2);
    expect(bad.problems[0]).toMatch(
      /^BACKUP_CRON: must be a cron pattern \(e\.g\. '30 2 \* \* \*'\) or off: .* \(got every night\)$/,
    );
    expect(bad.problems[1]).toBe('BACKUP_RETENTION_DAYS: must be an integer from 1 to 3650 (got "0")');
  });

  it('runs a backup and a prune, and reports every run, failed or not', async () => {
    const runs: BackupRun[] = [];
    const logged: string[] = [];
    const log = {
      info: (_: unknown, message: string) => logged.push(message),
      error: (_: unknown, message: string) => logged.push(message),
    } as unknown as Parameters<typeof createBackupJob>[0]['log'];
    const root = path.join(work, 'job');
    let clock = new Date('2026-11-01T02:30:00Z');
    const job = createBackupJob({
      db: t.app.db,
      dataDir: t.dataDir,
      backupDir: root,
      cron: null,
      retentionDays: 7,
      log,
      onRun: (r) => runs.push(r),
      privateKey: { keyFile, passphraseFile: passFile },
      now: () => clock,
    });
    expect(job.nextRun()).toBeNull();
    const first = await job.run();
    clock = new Date('2026-11-20T02:30:00Z');
    const [second, joined] = await Promise.all([job.run(), job.run()]);
    expect(joined).toBe(second);
    await job.idle();
    expect(runs).toEqual([first, second]);
    expect(first).toMatchObject({ ok: true, path: path.join(root, SERVICE_FOLDER, '20261101T023000Z') });
    expect(second).toMatchObject({ ok: true, path: path.join(root, SERVICE_FOLDER, '20261120T023000Z') });
    expect(second.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(readManifest(second.path!).privateKey).not.toBeNull();
    // The first set is past the retention: pruned after the second was written.
    expect(fs.existsSync(first.path!)).toBe(false);
    expect(logged).toEqual(['backup written', 'backup written']);

    // A backup directory that cannot be made: the run fails, says why, and is reported.
    const blocked = path.join(work, 'blocked');
    fs.writeFileSync(blocked, 'a file');
    const failing = createBackupJob({
      db: t.app.db,
      dataDir: t.dataDir,
      backupDir: blocked,
      cron: '30 2 * * *',
      retentionDays: 7,
      log,
      onRun: (r) => runs.push(r),
    });
    expect(failing.nextRun()).toBeInstanceOf(Date);
    const failed = await failing.run();
    failing.stop();
    expect(failed).toMatchObject({ ok: false, error: expect.stringMatching(/EEXIST|ENOTDIR/) });
    expect(runs.at(-1)).toBe(failed);
    expect(logged.at(-1)).toBe('BACKUP FAILED');
    // A copy that fails leaves no set and no partial folder behind.
    const empty = path.join(work, 'no-database');
    fs.mkdirSync(empty);
    await expect(createBackup({ backupDir: root, dataDir: empty })).rejects.toThrow();
    expect((await listBackupSets(root)).map((s) => s.name)).toEqual(['20261120T023000Z']);

    // The key and passphrase are read when the job is made: a missing file stops the start.
    expect(() =>
      createBackupJob({
        db: t.app.db,
        dataDir: t.dataDir,
        backupDir: root,
        cron: null,
        retentionDays: 7,
        log,
        privateKey: { keyFile, passphraseFile: path.join(work, 'missing') },
      }),
    ).toThrow(/cannot read the passphrase file .*missing \(ENOENT\)/);
    const short = path.join(work, 'short-passphrase');
    fs.writeFileSync(short, 'abc\n');
    expect(() => readPrivateKeyToBackup({ keyFile, dataDir: t.dataDir, passphraseFile: short })).toThrow(
      /must be at least 8 characters/,
    );
  });
});

describe('the command line', () => {
  const env = () => ({
    DATA_DIR: t.dataDir,
    BACKUP_DIR: path.join(work, 'cli'),
    REPORT_SIGNING_KEY_FILE: keyFile,
  });

  it('backs up while the service runs, lists, verifies and refuses, one JSON line each', async () => {
    const made = await cli(['backup', '--with-private-key', '--passphrase-file', passFile], env());
    expect(made.err).toEqual([]);
    expect(made.status).toBe(0);
    expect(made.lines).toHaveLength(1);
    expect(made.lines[0]).toMatchObject({ command: 'backup', ok: true, privateKey: t.app.reportSigner.keyId });
    // Never a key or a passphrase on the output.
    expect(made.out.join('\n')).not.toContain(PASSPHRASE);
    expect(made.out.join('\n')).not.toContain('PRIVATE KEY');
    const setPath = String(made.lines[0]!.path);
    const name = path.basename(setPath);

    const listed = await cli(['list'], env());
    expect(listed.status).toBe(0);
    expect(listed.lines).toEqual([
      expect.objectContaining({
        command: 'list',
        set: name,
        complete: true,
        path: setPath,
        privateKey: t.app.reportSigner.keyId,
      }),
    ]);

    const verified = await cli(['verify', name], env());
    expect(verified.status).toBe(0);
    expect(verified.lines[0]).toMatchObject({
      command: 'verify',
      ok: true,
      path: setPath,
      integrity: 'ok',
      problems: [],
    });

    fs.appendFileSync(path.join(setPath, SET_FILES.publicKeys), ' ');
    const broken = await cli(['verify', setPath], {});
    expect(broken.status).toBe(1);
    expect(broken.lines[0]).toMatchObject({ ok: false, problems: [expect.stringContaining(SET_FILES.publicKeys)] });

    const refused = await cli(['restore', name], env());
    expect(refused.status).toBe(1);
    expect(refused.lines[0]).toMatchObject({
      command: 'restore',
      ok: false,
      error: expect.stringContaining('does not verify'),
    });

    const pruned = await cli(['prune', '--retention-days', '1'], env());
    expect(pruned.lines[0]).toMatchObject({ command: 'prune', ok: true, retentionDays: 1, removed: [] });
  });

  it('restores with the key, refuses over existing data, and answers usage errors with 2', async () => {
    const made = await cli(['backup'], env());
    expect(made.status).toBe(0);
    const name = String(made.lines[0]!.path).split('/').at(-1)!;
    const target = path.join(work, 'cli-restore');
    const keyOut = path.join(work, 'cli-key.pem');
    // This set has no private key.
    const noKey = await cli(
      ['restore', name, '--data-dir', target, '--private-key-out', keyOut, '--passphrase-file', passFile],
      env(),
    );
    expect(noKey.status).toBe(1);
    expect(noKey.lines[0]).toMatchObject({ ok: false, error: expect.stringContaining('holds no private key') });
    const restored = await cli(['restore', name, '--data-dir', target], env());
    expect(restored.status).toBe(0);
    expect(restored.lines[0]).toMatchObject({ command: 'restore', ok: true, dataDir: target, setAside: [] });
    const again = await cli(['restore', name, '--data-dir', target], env());
    expect(again.status).toBe(1);
    expect(again.lines[0]).toMatchObject({
      ok: false,
      error: expect.stringContaining('refusing to restore over existing data'),
    });
    const forced = await cli(['restore', name, '--data-dir', target, '--force'], env());
    expect(forced.status).toBe(0);

    for (const argv of [
      [],
      ['frobnicate'],
      ['backup', '--no-such-flag'],
      ['backup', '--with-private-key'],
      ['verify'],
      ['restore', name, '--private-key-out', keyOut],
      ['list', 'extra'],
      ['prune', '--retention-days', '0'],
      ['prune', '--retention-days', '-3'],
      ['prune', '--retention-days', 'forever'],
    ]) {
      const usage = await cli(argv, env());
      expect(usage.status, argv.join(' ')).toBe(2);
      expect(usage.out).toEqual([]);
      expect(usage.err.join('\n')).toContain('Usage: node dist/backup/cli.js');
    }
    const noDir = await cli(['list'], { DATA_DIR: t.dataDir });
    expect(noDir.status).toBe(2);
    expect(noDir.err[0]).toContain('no backup directory: give --backup-dir or set BACKUP_DIR');
    const badEnv = await cli(['list'], { ...env(), BACKUP_RETENTION_DAYS: 'forever' });
    expect(badEnv.status).toBe(2);
    expect(badEnv.err[0]).toContain('BACKUP_RETENTION_DAYS: must be an integer from 1 to 3650');
  });

  it('runs as a process: the exit status and the lines on stdout', async () => {
    const [name] = fs.readdirSync(path.join(work, 'cli', SERVICE_FOLDER));
    const broken = path.join(work, 'cli', SERVICE_FOLDER, name!);
    fs.appendFileSync(path.join(broken, SET_FILES.publicKeys), ' ');
    const tsx = path.join(PACKAGE_DIR, 'node_modules', '.bin', 'tsx');
    const failed = await run(tsx, ['src/backup/cli.ts', 'verify', name!], {
      cwd: PACKAGE_DIR,
      env: { ...process.env, ...env() },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1, stderr: '' });
    const lines = (failed as { stdout: string }).stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ command: 'verify', ok: false, path: broken });
  });
});
