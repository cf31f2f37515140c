import { execFileSync } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  type Application,
  type ApplicationPage,
  type RepairPunishPage,
  type ReportSigningKeys,
  type ReportVerifyOutcome,
  REPAIR_PROMISE,
} from '@credit-portal/shared';
import { runAuditCommand } from '../../src/audit/verify-command.js';
import { countRows, createBackup } from '../../src/backup/create-backup.js';
import { decryptPrivateKey, keyIdOf, readPrivateKeyToBackup } from '../../src/backup/private-key.js';
import { restoreBackup, RestoreRefusedError } from '../../src/backup/restore-backup.js';
import { BACKUP_FORMAT, parseSetName, SERVICE_FOLDER, SET_FILES, type BackupManifest } from '../../src/backup/sets.js';
import { verifyBackup } from '../../src/backup/verify-backup.js';
import { localToday } from '../../src/lib/dates.js';
import { createServicesRepository } from '../../src/repositories/services.js';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_B } from '../../src/demo/seed/index.js';
import { buildTestApp, injectJson, removeDir, type TestApp, type Answer } from '../helper.js';
import { makeSigningKeyFiles, PASSPHRASE, readManifest } from './support.js';
import { multipart, PDF, PNG } from '../routes/services/helper.js';
import { compact, pdfText } from '../routes/services/pdf-text.js';

/*
 * Backups and the restore drill: a set made while the service writes, checked, restored into a
 * destroyed data directory, and the service started on it — its logins, filings, issued reports
 * and audit trail as they were.
 */

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
    createServicesRepository(app.db, app.site).linkEntity('user:1', id, '经办人');
    const form = multipart(
      {
        punishId: penalty.id,
        purposeId: '1',
        contactName: '张三',
        contactPhone: '13812345678',
        description: '已缴清罚款并完成整改，申请信用修复。',
        promiseSigner: '张三',
        promiseAccepted: 'true',
        promiseVersion: REPAIR_PROMISE.version,
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

beforeAll(async () => {
  ({ work, keyFile, passFile } = await makeSigningKeyFiles());
  t = await buildTestApp({ reportSigningKeyFile: keyFile });
  backupDir = path.join(work, 'backups');
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
