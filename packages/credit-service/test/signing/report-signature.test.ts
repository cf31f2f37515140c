import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  UPLOAD_MAX_FILE_BYTES,
  type ReportSignatureCheck,
  type ReportSigningKeys,
  type ReportTables,
  type ReportVerifyOutcome,
} from '@credit-portal/shared';
import { canonicalJson } from '../../src/reports/signing.js';
import { renderPersonalReportPdf } from '../../src/routes/h5/personal-report-pdf.js';
import { generatePrivateKeyPem, keyFingerprint, parsePrivateKeyPem } from '../../src/signing/keys.js';
import { appendSignature, readSignature } from '../../src/signing/pdf-signature.js';
import { SIGNATURE_CHECK_MESSAGES } from '../../src/signing/signature-checker.js';
import { sm2Sign } from '../../src/signing/sm2.js';
import { DEMO_PERSON } from '../../src/demo/seed/index.js';
import { buildTestApp, injectJson, removeDir, tempDir, type TestApp } from '../helper.js';
import { multipart, PNG, PDF } from '../routes/services/helper.js';
import { verifyOffline } from '../reports/offline.js';
import { compact, pdfText } from '../routes/services/pdf-text.js';

/*
 * Reports signed with SM2/SM3 and checked offline. The offline check runs the shell
 * blocks of docs/VERIFY.md exactly as written (sh, openssl, curl against the listening service).
 */

interface Envelope<T> {
  ErrorCode: number;
  Data: T | null;
  Msg: string;
}

const HMAC_KEY = 'h'.repeat(40);

describe('SM2-signed reports', () => {
  let t: TestApp;
  let portal: string;
  let work: string;
  let entityId: string;

  const period = { periodFrom: '2024-01-01', periodTo: '2025-12-31' };

  async function issue(app = t.app): Promise<{ pdf: Buffer; reportNo: string; code: string }> {
    const response = await app.inject({
      method: 'POST',
      url: API_PATHS.enterpriseReport,
      payload: { entityId, ...period },
    });
    expect(response.statusCode, response.body).toBe(200);
    const pdf = response.rawPayload;
    const reportNo = String(response.headers['x-report-number']);
    const code = /验证码([A-Z2-9]{8})/.exec(compact(await pdfText(pdf)))?.[1] ?? '';
    return { pdf, reportNo, code };
  }

  /** Runs docs/VERIFY.md's commands on a file (report-offline.ts); the whole output and the exit status. */
  const offline = (file: Buffer, name: string) => verifyOffline(file, path.join(work, name), portal);

  async function checkFile(file: Buffer, app = t.app) {
    const body = multipart({}, [{ name: 'report.pdf', content: file, type: 'application/pdf' }]);
    return injectJson<Envelope<ReportSignatureCheck>>(app, {
      method: 'POST',
      url: API_PATHS.reportVerifySignature,
      ...body,
    });
  }

  beforeAll(async () => {
    t = await buildTestApp({ reportSigningKey: HMAC_KEY, h5TestMode: true });
    portal = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
    work = await tempDir();
    const found = await injectJson<Envelope<{ ID: string }[]>>(t.app, {
      method: 'POST',
      url: API_PATHS.entitySearch,
      payload: { EntNameOrCreditCode: '科技' },
    });
    entityId = found.body.Data![0]!.ID;
  });
  afterAll(async () => {
    await t?.close();
    await removeDir(work);
  });

  it('signs a freshly issued report so that the documented OpenSSL commands verify it', async () => {
    const { pdf, reportNo } = await issue();
    const signature = readSignature(pdf);
    expect(signature.keyId).toBe(t.app.reportSigner.keyId);
    expect(signature.info).toMatchObject({ reportNo, reportKind: 'enterprise', keyId: t.app.reportSigner.keyId });
    // The signed bytes are the rendered PDF, which ends as pdfkit ends it; the block follows.
    expect(signature.signed.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    const run = await offline(pdf, 'fresh');
    expect(run.output).toContain(`signed bytes: ${signature.signed.length}, key: ${t.app.reportSigner.keyId}`);
    expect(run.output).toContain('key fingerprint OK');
    expect(run.output).toContain('Verified OK');
    expect(run.status).toBe(0);
    // A viewer still reads it: poppler sees the pages and the new Info dictionary.
    fs.writeFileSync(path.join(work, 'fresh', 'view.pdf'), pdf);
    expect(execFileSync('pdfinfo', [path.join(work, 'fresh', 'view.pdf')]).toString()).toMatch(/Pages:\s+[1-9]/);
    const custom = execFileSync('pdfinfo', ['-custom', path.join(work, 'fresh', 'view.pdf')]).toString();
    expect(custom).toContain(`CreditReportKeyId:${t.app.reportSigner.keyId}`);
    expect(custom).toContain(`CreditReportNo:  ${reportNo}`);
  });

  it('fails offline and online when one byte is altered', async () => {
    const { pdf } = await issue();
    const altered = Buffer.from(pdf);
    const at = Math.floor(readSignature(pdf).signed.length / 2);
    altered[at] = altered[at]! ^ 0x01;
    const run = await offline(altered, 'altered');
    expect(run.output).toContain('Verification failure');
    expect(run.status).not.toBe(0);
    const online = await checkFile(altered);
    expect(online.status).toBe(400);
    expect(online.body.Msg).toBe('电子签名校验未通过：文件内容已被改动，或签名不是信用中心所签');
  });

  it('fails for a report signed by another key, and for a forged signature under the published key id', async () => {
    const { pdf } = await issue();
    const { signed } = readSignature(pdf);
    const other = parsePrivateKeyPem(generatePrivateKeyPem());
    // Signed by a key the centre never published.
    const foreign = appendSignature(signed, keyFingerprint(other.publicKey), sm2Sign(other, signed));
    expect((await offline(foreign, 'foreign')).output).toMatch(/curl: \(22\)|404/);
    const online = await checkFile(foreign);
    expect(online.status).toBe(400);
    expect(online.body.Msg).toBe('签名密钥不是信用中心公布的密钥，该文件不可信');
    // Another key's signature presented as the centre's key.
    const forged = appendSignature(signed, t.app.reportSigner.keyId, sm2Sign(other, signed));
    const run = await offline(forged, 'forged');
    expect(run.output).toContain('key fingerprint OK');
    expect(run.output).toContain('Verification failure');
    expect((await checkFile(forged)).body.Msg).toBe('电子签名校验未通过：文件内容已被改动，或签名不是信用中心所签');
  });

  it('refuses a signature block moved onto another PDF', async () => {
    const a = await issue();
    const b = await issue();
    const signedA = readSignature(a.pdf).signed;
    const signedB = readSignature(b.pdf).signed;
    // B's bytes with A's block (A's length, key, signature) appended.
    const moved = Buffer.concat([signedB, a.pdf.subarray(signedA.length)]);
    const online = await checkFile(moved);
    expect(online.status).toBe(400);
    expect(online.body.Msg).toMatch(/签名信息不完整或已被改动|电子签名校验未通过/);
    // Offline, A's signature over B's bytes fails.
    const rebuilt = appendSignature(signedB, readSignature(a.pdf).keyId, readSignature(a.pdf).signature);
    expect((await offline(rebuilt, 'moved')).output).toContain('Verification failure');
    // And anything appended after the block is refused online.
    const extended = Buffer.concat([a.pdf, Buffer.from('\n%extra\n')]);
    expect((await checkFile(extended)).body.Msg).toBe('该PDF文件的签名信息不完整或已被改动，无法核验');
  });

  it('verifies a PDF alone: which key, when, and the record', async () => {
    const { pdf, reportNo, code } = await issue();
    const checked = await checkFile(pdf);
    expect(checked.status, checked.raw).toBe(200);
    const data = checked.body.Data!;
    expect(data).toMatchObject({
      ReportNo: reportNo,
      ReportKind: 'enterprise',
      ReportKindLabel: '企业信用报告',
      Algorithm: 'SM2-with-SM3',
      KeyId: t.app.reportSigner.keyId,
      KeyCurrent: true,
      KeyValidTo: null,
    });
    expect(data.SignedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(data.Verification).toMatchObject({ ReportNo: reportNo, FileChecked: true, KeyId: t.app.reportSigner.keyId });
    // Number and code: the record is SM2-signed now.
    const byCode = await injectJson<Envelope<ReportVerifyOutcome>>(t.app, {
      method: 'GET',
      url: API_PATHS.reportVerify,
      query: { reportNo, code },
    });
    expect(byCode.body.Data!.Report).toMatchObject({
      SignatureAlgorithm: 'SM2-with-SM3',
      KeyId: t.app.reportSigner.keyId,
    });
  });

  it('signs the H5 personal report the same way', async () => {
    const login = await injectJson<{ Data: { Infotoken: string; Name: string; IdCard: string } }>(t.app, {
      method: 'POST',
      url: API_PATHS.h5TestUserInfo,
      payload: { Name: DEMO_PERSON.name, IdCard: DEMO_PERSON.idNumber },
    });
    const user = login.body.Data;
    const data = await injectJson<{ Data: { Data: string } }>(t.app, {
      method: 'POST',
      url: API_PATHS.h5ReportData,
      payload: {
        Infotoken: user.Infotoken,
        UserName: user.Name,
        IdentityCard: user.IdCard,
        VersionCode: 'C',
        ReportNumber: '',
      },
    });
    const tables = JSON.parse(data.body.Data.Data) as ReportTables;
    const pdf = await renderPersonalReportPdf(
      tables,
      { name: DEMO_PERSON.name, idType: DEMO_PERSON.idType, idNumber: DEMO_PERSON.idNumber },
      { signer: t.app.reportSigner, portalUrl: `${portal}/`, issuer: t.app.site.centreName },
    );
    const run = await offline(pdf, 'personal');
    expect(run.output).toContain('Verified OK');
    const checked = await checkFile(pdf);
    expect(checked.body.Data).toMatchObject({
      ReportKind: 'personal',
      ReportKindLabel: '个人公共信用报告',
      Verification: null,
    });
    expect(checked.body.Data!.ReportNo).toMatch(/^GRXY/);
  });

  it('answers bad files with a Chinese reason, never a 500', async () => {
    const png = await checkFile(PNG);
    expect(png.status).toBe(400);
    expect(png.body.Msg).toMatch(/PDF|文件类型/);
    const unsigned = await checkFile(PDF);
    expect(unsigned).toMatchObject({ status: 400, body: { Msg: '该PDF文件未包含中心的电子签名，无法核验' } });
    const { pdf } = await issue();
    const truncated = pdf.subarray(0, pdf.length - 40);
    expect((await checkFile(truncated)).body.Msg).toBe('该PDF文件的签名信息不完整或已被改动，无法核验');
    const cut = pdf.subarray(0, pdf.length - 200);
    expect((await checkFile(cut)).status).toBe(400);
    const huge = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(UPLOAD_MAX_FILE_BYTES + 10, 0x20)]);
    const tooBig = await checkFile(huge);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.Msg).toMatch(/MB/);
    const none = await injectJson<Envelope<null>>(t.app, {
      method: 'POST',
      url: API_PATHS.reportVerifySignature,
      ...multipart({}, []),
    });
    expect(none).toMatchObject({ status: 400, body: { Msg: '请上传要核验的报告PDF文件' } });
  });

  it('reads a file full of planted object headers in one pass: no upload holds the service', async () => {
    // The Info dictionary (object 5) and its report-number string (object 7) opened thousands of
    // times and never closed, up to the upload limit. Searched by a regular expression retried at
    // each header, such a file held the event loop for minutes (dictionary) or about an hour
    // (string); each lookup is one pass now, and the file is answered at once.
    const planted = (unit: string) => {
      const head = '%PDF-1.3\n5 0 obj\n<<\n/CreditReportNo 7 0 R\n>>\nendobj\n';
      const trailer = '\ntrailer\n<<\n/Size 8\n/Root 1 0 R\n/Info 5 0 R\n>>\nstartxref\n0\n%%EOF\n';
      const room = UPLOAD_MAX_FILE_BYTES - 2_048 - head.length - trailer.length;
      const signed = Buffer.from(head + unit.repeat(Math.floor(room / unit.length)) + trailer, 'latin1');
      return appendSignature(signed, 'a'.repeat(64), Buffer.from('MEUCIQ', 'base64'));
    };
    for (const file of [planted('\n5 0 obj\n<<\n'), planted('\n7 0 obj\n(')]) {
      expect(file.length).toBeLessThanOrEqual(UPLOAD_MAX_FILE_BYTES);
      // Read as the service wrote it (the block matches), with no report number: no string closes.
      expect(readSignature(file).info).toEqual({});
      const { status, body } = await checkFile(file);
      expect(status).toBeLessThan(500);
      expect(body.Msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it(
    'reads a file whose Info dictionary repeats a field thousands of times, or names a string without end, in one pass',
    // A cap on a hang, not a timing: each repeated line rescanned the file to its end, and a
    // file of the upload limit held the service for tens of minutes.
    { timeout: 20_000 },
    async () => {
      const repeated = (refs: (i: number) => number, headers: string) => {
        const lines = Array.from({ length: 40_000 }, (_, i) => `/CreditReportNo ${refs(i)} 0 R`).join('\n');
        const head = `%PDF-1.3\n5 0 obj\n<<\n${lines}\n>>\nendobj\n${headers}`;
        const trailer = '\ntrailer\n<<\n/Size 8\n/Root 1 0 R\n/Info 5 0 R\n>>\nstartxref\n0\n%%EOF\n';
        // The signature block repeats the Info entries: room for them twice.
        const room = UPLOAD_MAX_FILE_BYTES - 4_096 - head.length - trailer.length - lines.length;
        const signed = Buffer.from(head + 'x'.repeat(room) + trailer, 'latin1');
        return appendSignature(signed, 'a'.repeat(64), Buffer.from('MEUCIQ', 'base64'));
      };
      const shapes = [
        // One string object that never closes, named by every line.
        repeated(() => 7, '7 0 obj\n('),
        // A different never-closing string object for every line.
        repeated((i) => 7 + i, Array.from({ length: 40_000 }, (_, i) => `${7 + i} 0 obj\n(`).join('\n')),
      ];
      for (const file of shapes) {
        expect(file.length).toBeLessThanOrEqual(UPLOAD_MAX_FILE_BYTES);
        expect(readSignature(file).info).toEqual({});
        const { status, body } = await checkFile(file);
        expect(status).toBeLessThan(500);
        expect(body.Msg).toMatch(/[\u4e00-\u9fff]/);
      }
    },
  );

  it('checks uploads on a thread of its own: a file that overruns the budget is answered, and others meanwhile', async () => {
    const slowWorker = fileURLToPath(new URL('./slow-signature-worker.ts', import.meta.url));
    const threaded = await buildTestApp({
      reportSigningKey: HMAC_KEY,
      // Long enough for a thread of the sources (tsx compiles it) to start on a busy machine.
      signatureCheck: { threads: 1, budgetMs: 5_000, workerFile: slowWorker },
    });
    try {
      const { pdf, reportNo } = await issue(threaded.app);
      const first = await checkFile(pdf, threaded.app);
      expect(first.body.Data, first.raw).toMatchObject({ ReportNo: reportNo });
      const answered: string[] = [];
      const hanging = checkFile(Buffer.concat([PDF, Buffer.from('%%HANG\n')]), threaded.app).then((answer) => {
        answered.push('upload');
        return answer;
      });
      // The service answers others while the file is on the thread.
      for (let i = 0; i < 3; i += 1) {
        const health = await threaded.app.inject({ method: 'GET', url: '/healthz' });
        expect(health.statusCode).toBe(200);
        answered.push('health');
      }
      const refused = await hanging;
      expect(answered).toEqual(['health', 'health', 'health', 'upload']);
      expect(refused).toMatchObject({ status: 400, body: { Msg: SIGNATURE_CHECK_MESSAGES.overBudget } });
      // Its thread was ended, and a new one checks the next file.
      const next = await checkFile(pdf, threaded.app);
      expect(next.body.Data, next.raw).toMatchObject({ ReportNo: reportNo });
    } finally {
      await threaded.close();
    }
  });

  it('keeps verifying a report signed with HMAC before SM2, by number and code', async () => {
    const { reportNo, code } = await issue();
    // A row as issued before SM2 signing: HMAC-SHA256 over the record, no key, no PDF signature.
    const row = t.app.db.prepare('SELECT * FROM credit_reports WHERE report_no = ?').get(reportNo) as Record<
      string,
      unknown
    >;
    const payload = canonicalJson({
      reportNo: row.report_no,
      reportType: row.report_type,
      entityId: row.entity_id,
      periodFrom: row.period_from,
      periodTo: row.period_to,
      generatedAt: row.generated_at,
      requestedBy: row.requested_by,
      codeHash: row.code_hash,
      contentDigest: row.content_digest,
      pdfSha256: row.pdf_sha256,
    });
    t.app.db
      .prepare(
        `UPDATE credit_reports SET signature_algorithm = 'HMAC-SHA256', key_id = NULL, pdf_signature = NULL, signature = ?
         WHERE report_no = ?`,
      )
      .run(createHmac('sha256', HMAC_KEY).update(payload).digest('hex'), reportNo);
    const verified = await injectJson<Envelope<ReportVerifyOutcome>>(t.app, {
      method: 'GET',
      url: API_PATHS.reportVerify,
      query: { reportNo, code },
    });
    expect(verified.status, verified.raw).toBe(200);
    expect(verified.body.Data!.Report).toMatchObject({ SignatureAlgorithm: 'HMAC-SHA256', KeyId: null });
    // An HMAC row whose signature was tampered with is refused (its first hex digit changed, never
    // to itself: writing a fixed prefix failed the test whenever the signature began with it).
    t.app.db
      .prepare(
        "UPDATE credit_reports SET signature = (CASE WHEN substr(signature, 1, 1) = '0' THEN '1' ELSE '0' END) || substr(signature, 2) WHERE report_no = ?",
      )
      .run(reportNo);
    const bad = await injectJson(t.app, { method: 'GET', url: API_PATHS.reportVerify, query: { reportNo, code } });
    expect(bad.status).toBe(409);
    // And an SM2 record whose signature is someone else's is refused too.
    const fresh = await issue();
    t.app.db
      .prepare('UPDATE credit_reports SET signature = ? WHERE report_no = ?')
      .run(sm2Sign(parsePrivateKeyPem(generatePrivateKeyPem()), Buffer.from('x')).toString('base64'), fresh.reportNo);
    const forged = await injectJson(t.app, {
      method: 'GET',
      url: API_PATHS.reportVerify,
      query: { reportNo: fresh.reportNo, code: fresh.code },
    });
    expect(forged.status).toBe(409);
  });

  it('after a key rotation old reports still verify and new ones carry the new key id', async () => {
    const old = await issue();
    const oldKeyId = t.app.reportSigner.keyId;
    const keyFile = path.join(work, 'rotated.pem');
    execFileSync('openssl', ['genpkey', '-algorithm', 'SM2', '-out', keyFile]);
    const newKeyId = keyFingerprint(parsePrivateKeyPem(fs.readFileSync(keyFile, 'utf8')).publicKey);
    // The same data directory, restarted with the centre's new key file.
    await t.app.close();
    const rotated = await buildTestApp({
      dataDir: t.dataDir,
      reportSigningKey: HMAC_KEY,
      reportSigningKeyFile: keyFile,
    });
    t = { ...rotated, close: rotated.close };
    portal = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
    expect(t.app.reportSigner.keyId).toBe(newKeyId);

    const fresh = await issue();
    expect(readSignature(fresh.pdf).keyId).toBe(newKeyId);
    expect((await offline(fresh.pdf, 'rotated-new')).output).toContain('Verified OK');
    const oldRun = await offline(old.pdf, 'rotated-old');
    expect(oldRun.output).toContain(`key: ${oldKeyId}`);
    expect(oldRun.output).toContain('Verified OK');
    const oldOnline = await checkFile(old.pdf);
    expect(oldOnline.body.Data).toMatchObject({ KeyId: oldKeyId, KeyCurrent: false });
    expect(oldOnline.body.Data!.KeyValidTo).not.toBeNull();
    const byCode = await injectJson<Envelope<ReportVerifyOutcome>>(t.app, {
      method: 'GET',
      url: API_PATHS.reportVerify,
      query: { reportNo: old.reportNo, code: old.code },
    });
    expect(byCode.body.Data!.Report).toMatchObject({ KeyId: oldKeyId });

    const keys = await injectJson<Envelope<ReportSigningKeys>>(t.app, {
      method: 'GET',
      url: API_PATHS.reportSigningKeys,
    });
    expect(keys.body.Data!.distinguishingId).toBe('1234567812345678');
    const listed = keys.body.Data!.keys;
    expect(listed.map((k) => [k.keyId, k.current])).toEqual([
      [newKeyId, true],
      [oldKeyId, false],
    ]);
    expect(listed[1]!.validTo).not.toBeNull();
    const pem = await t.app.inject({ method: 'GET', url: listed[1]!.pemPath });
    expect(pem.statusCode).toBe(200);
    expect(pem.body).toBe(listed[1]!.publicKeyPem);
    expect(pem.headers['cache-control']).toContain('public');
    const unknown = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.reportSigningKeyPem}${'0'.repeat(64)}.pem`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
