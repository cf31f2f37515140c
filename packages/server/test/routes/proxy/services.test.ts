import { execFile } from 'node:child_process';
import { readdirSync, statSync, existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  ERROR_MESSAGES,
  SERVICE_MESSAGES,
  SPECIAL_REPORT_AREA_MESSAGES,
  SERVICE_REVIEW_LOGIN_PATH,
  SERVICE_REVIEW_PATH,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_REQUEST_BYTES,
  type Application,
  type MyBusiness,
  type RepairPunishRow,
  REPAIR_PROMISE,
} from '@credit-portal/shared';
import { buildApp as buildCreditService } from '@credit-portal/credit-service';
import { addReviewer, totpCode } from '../../../../credit-service/test/review/reviewer-helper.js';
import { ENVELOPE_KEYS, startGateway, testConfig, type RunningGateway, upstreamEnv } from '../../support/gateway.js';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy.js';

/*
 * 信用服务 through the gateway: every call in the normalized envelope and never cached;
 * multipart filings streamed through (PNG/PDF accepted, a renamed .exe refused, oversized files
 * refused by the service and oversized requests by the gateway, too many files) with nothing
 * stored on refusal; owner-only applications; the report PDFs passed through byte for byte and
 * verified by number, code and file; the review endpoint not proxied, its decisions in the timeline.
 */

const run = promisify(execFile);

/** The part of the credit-service's better-sqlite3 handle these tests use. */
interface SqlDatabase {
  prepare(sql: string): {
    pluck(): { get(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };
    run(...params: unknown[]): unknown;
  };
}
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(128, 7)]);

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-pdf-'));
  try {
    await writeFile(join(dir, 'r.pdf'), pdf);
    return (await run('pdftotext', ['-enc', 'UTF-8', join(dir, 'r.pdf'), '-'])).stdout.replace(/\s+/g, '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('信用服务 through the gateway', () => {
  let dataDir: string;
  let upstream: FastifyInstance;
  let upstreamUrl: string;
  let proxy: FaultProxy;
  let gateway: RunningGateway;
  let tokenA: string;
  let tokenB: string;

  const db = () => (upstream as unknown as { db: SqlDatabase }).db;
  const rows = () =>
    ['service_applications', 'application_materials', 'application_steps']
      .map((table) => Number(db().prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get()))
      .join('/');
  const stored = (): string[] => {
    const dir = join(dataDir, 'uploads');
    if (!existsSync(dir)) return [];
    return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => statSync(join(dir, f)).isFile()).sort();
  };
  const upstreamCount = async (path: string): Promise<number> => proxy.count(path);
  const login = async (mobile: string) =>
    (await request(gateway.url).post(API_PATHS.login).send({ Mobile: mobile, Password: 'Yunzhou2026' }).expect(200))
      .body.data.JwtToken as string;

  /** Links a company with a penalty that can be repaired now to user A and returns that penalty. */
  async function spareRepairable(): Promise<RepairPunishRow> {
    const codes = db()
      .prepare(
        `SELECT DISTINCT e.credit_code FROM penalties p JOIN entities e ON e.id = p.entity_id
         WHERE p.CF_XDR_LB <> '自然人' AND p.CF_ZT = '正常' AND p.repaired_on IS NULL AND p.severity <> '轻微'
           AND e.ent_type NOT LIKE '%个体工商户%' AND e.id NOT IN (SELECT entity_id FROM user_entities) ORDER BY e.id`,
      )
      .pluck()
      .all() as string[];
    for (const code of codes) {
      const { body } = await request(gateway.url)
        .get(API_PATHS.repairPunishSearch)
        .query({ entNameOrPunishDocNo: code })
        .expect(200);
      const row = (body.data.list as RepairPunishRow[]).find((r) => r.Repairable);
      if (row) {
        db()
          .prepare(`INSERT INTO user_entities (owner, entity_id, role) VALUES ('user:1', ?, '经办人')`)
          .run(Number(row.EntityId));
        return row;
      }
    }
    throw new Error('no spare repairable penalty');
  }

  const fields = (punishId: string) => ({
    punishId,
    purposeId: '2',
    contactName: '李四',
    contactPhone: '13700001111',
    description: '罚款已缴清，整改已完成。',
    promiseSigner: '李四',
    promiseAccepted: 'true',
    promiseVersion: REPAIR_PROMISE.version,
  });

  function file(path: string, token: string | null, form: Record<string, string>, files: [string, Buffer][]) {
    const call = request(gateway.url).post(path);
    if (token) call.set('authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(form)) call.field(name, value);
    for (const [name, content] of files) call.attach('files', content, name);
    return call;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gateway-test-services-'));
    upstream = await buildCreditService({
      dataDir,
      seed: 7,
      seedEntities: 1500,
      // The demo accounts log in (their published password works only beside the stand-ins).
      demo: true,
      portalUrl: 'http://portal.test/',
      // Every call of the file comes from this one gateway on one address (the penalty search is strict).
      rateLimits: { max: 1_000_000, strictMax: 1_000_000, windowMs: 60_000 },
    });
    // Reached through a proxy that counts the calls that get past the gateway.
    upstreamUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });
    proxy = await startFaultProxy(upstreamUrl);
    gateway = await startGateway(testConfig(upstreamEnv(proxy.url)));
    tokenA = await login('13900000000');
    tokenB = await login('13900000001');
  });
  afterAll(async () => {
    await gateway?.close();
    await proxy?.close();
    await upstream?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers the public calls in the envelope, never cached, and refuses bad input before the upstream', async () => {
    const purposes = await request(gateway.url).get(API_PATHS.repairPurposes).expect(200);
    expect(Object.keys(purposes.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(purposes.body.data.length).toBeGreaterThan(3);
    expect(purposes.headers['x-cache']).toBe('BYPASS');
    expect(purposes.headers['cache-control']).toBe('no-store');

    const penalty = await spareRepairable();
    const search = await request(gateway.url)
      .get(API_PATHS.repairPunishSearch)
      .query({ entNameOrPunishDocNo: penalty.CF_WSH })
      .expect(200);
    expect(search.body.data.list[0]).toMatchObject({ id: penalty.id, CF_XDR_MC: penalty.CF_XDR_MC });
    expect(search.headers['x-cache']).toBe('BYPASS');

    const before = await upstreamCount(API_PATHS.repairPunishSearch);
    const empty = await request(gateway.url)
      .get(API_PATHS.repairPunishSearch)
      .query({ entNameOrPunishDocNo: '' })
      .expect(400);
    expect(empty.body).toMatchObject({ ok: false, message: '请输入企业名称或行政处罚决定书文号' });
    expect(await upstreamCount(API_PATHS.repairPunishSearch)).toBe(before);
  });

  it('answers the login calls for a logged-in user only (not_logged_in otherwise)', async () => {
    const anonymous = await request(gateway.url).get(API_PATHS.myBusinessList).expect(401);
    expect(anonymous.body).toMatchObject({ ok: false, code: 'not_logged_in', message: ERROR_MESSAGES.not_logged_in });
    const mine = await request(gateway.url)
      .get(API_PATHS.myBusinessList)
      .set('authorization', `Bearer ${tokenA}`)
      .expect(200);
    const entity = (mine.body.data as MyBusiness[])[0]!;
    expect(mine.headers['x-cache']).toBe('BYPASS');
    const judge = await request(gateway.url)
      .get(API_PATHS.judgeMyBusiness)
      .query({ id: entity.EntityId })
      .set('authorization', `Bearer ${tokenB}`)
      .expect(200);
    expect(judge.body.data).toMatchObject({ isMine: false, EntName: entity.EntName });
    const apps = await request(gateway.url)
      .get(API_PATHS.myApplications)
      .query({ kind: 'repair' })
      .set('authorization', `Bearer ${tokenA}`)
      .expect(200);
    expect((apps.body.data.list as Application[]).every((a) => a.Kind === 'repair')).toBe(true);
  });

  it('streams a filing with a PNG and a PDF through, and the owner follows it', async () => {
    const penalty = await spareRepairable();
    const before = stored().length;
    const res = await file(API_PATHS.repairUpload, tokenA, fields(penalty.id), [
      ['缴款凭证.png', PNG],
      ['整改报告.pdf', PDF],
    ]).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(res.headers['x-cache']).toBe('BYPASS');
    const application = res.body.data as Application;
    expect(application.Materials.map((m) => m.MimeType)).toEqual(['image/png', 'application/pdf']);
    expect(stored().length).toBe(before + 2);

    const flow = await request(gateway.url)
      .get(API_PATHS.repairFlow)
      .query({ applyNo: application.ApplyNo })
      .set('authorization', `Bearer ${tokenA}`)
      .expect(200);
    expect(flow.body.data.Steps.map((s: { Label: string }) => s.Label)).toEqual(['已提交']);
    const asB = await request(gateway.url)
      .get(API_PATHS.repairFlow)
      .query({ applyNo: application.ApplyNo })
      .set('authorization', `Bearer ${tokenB}`)
      .expect(404);
    expect(asB.body.message).toBe(SERVICE_MESSAGES.applicationNotFound);

    // The review endpoint is the centre's: not proxied by the public gateway, its login neither.
    await request(gateway.url)
      .post(SERVICE_REVIEW_PATH)
      .send({ applyNo: application.ApplyNo, action: 'accept' })
      .expect(404);
    const reviewer = addReviewer((upstream as unknown as { db: Parameters<typeof addReviewer>[0] }).db, 'gateway.test');
    const credentials = { login: reviewer.login, password: reviewer.password, code: totpCode(reviewer.secret) };
    await request(gateway.url).post(SERVICE_REVIEW_LOGIN_PATH).send(credentials).expect(404);
    // On the credit-service itself, a reviewer signs in with password and code, then decides.
    const signedIn = await fetch(upstreamUrl + SERVICE_REVIEW_LOGIN_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    expect(signedIn.status).toBe(200);
    const { token: reviewerToken } = ((await signedIn.json()) as { Data: { token: string } }).Data;
    for (const action of ['accept', 'review', 'reject']) {
      const reviewed = await fetch(upstreamUrl + SERVICE_REVIEW_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${reviewerToken}` },
        body: JSON.stringify({
          applyNo: application.ApplyNo,
          action,
          comment: action === 'reject' ? '缴款凭证不清晰，请重新提交。' : undefined,
        }),
      });
      expect(reviewed.status).toBe(200);
    }
    const decided = await request(gateway.url)
      .get(API_PATHS.repairFlow)
      .query({ applyNo: application.ApplyNo })
      .set('authorization', `Bearer ${tokenA}`)
      .expect(200);
    expect(decided.body.data.Steps.map((s: { Label: string }) => s.Label)).toEqual([
      '已提交',
      '已受理',
      '审核中',
      '审核不通过',
    ]);
    expect(decided.body.data.Result).toBe('缴款凭证不清晰，请重新提交。');
  });

  it('refuses a renamed .exe, an oversized file, too many files, no signed promise and another user’s entity, storing nothing', async () => {
    const penalty = await spareRepairable();
    const before = { rows: rows(), files: stored() };
    const exe = await file(API_PATHS.repairUpload, tokenA, fields(penalty.id), [
      ['a.png', PNG],
      ['整改报告.pdf', EXE],
    ]).expect(400);
    expect(exe.body).toMatchObject({ ok: false, message: SERVICE_MESSAGES.badFileType });
    const big = await file(API_PATHS.repairUpload, tokenA, fields(penalty.id), [
      ['big.pdf', Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_FILE_BYTES)])],
    ]).expect(413);
    expect(big.body.message).toBe(SERVICE_MESSAGES.fileTooLarge);
    const many = await file(
      API_PATHS.repairUpload,
      tokenA,
      fields(penalty.id),
      Array.from({ length: 6 }, (_, i): [string, Buffer] => [`${i}.png`, PNG]),
    ).expect(400);
    expect(many.body.message).toBe(SERVICE_MESSAGES.tooManyFiles);
    // A repair without its signed 信用修复承诺书.
    const { promiseSigner: _signer, promiseAccepted: _accepted, ...unsigned } = fields(penalty.id);
    const noPromise = await file(API_PATHS.repairUpload, tokenA, unsigned, [['a.png', PNG]]).expect(400);
    expect(noPromise.body).toMatchObject({ ok: false, message: SERVICE_MESSAGES.promiseRequired });
    const notMine = await file(API_PATHS.repairUpload, tokenB, fields(penalty.id), [['a.png', PNG]]).expect(403);
    expect(notMine.body.message).toBe(SERVICE_MESSAGES.notMyBusiness);
    const anonymous = await file(API_PATHS.repairUpload, null, fields(penalty.id), [['a.png', PNG]]).expect(401);
    expect(anonymous.body.code).toBe('not_logged_in');
    expect(rows()).toBe(before.rows);
    expect(stored()).toEqual(before.files);
  });

  it('refuses a request over UPLOAD_MAX_REQUEST_BYTES at the gateway, before the upstream', async () => {
    const before = await upstreamCount(API_PATHS.objectionUpload);
    const body = Buffer.alloc(UPLOAD_MAX_REQUEST_BYTES + 1024, 0x41);
    const response = await fetch(gateway.url + API_PATHS.objectionUpload, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${tokenA}` },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ ok: false, code: 'payload_too_large' });
    expect(await upstreamCount(API_PATHS.objectionUpload)).toBe(before);
  });

  it('files an objection and shows its result to its owner only', async () => {
    const penalty = await spareRepairable();
    const res = await file(
      API_PATHS.objectionUpload,
      tokenA,
      {
        punishId: penalty.id,
        objectionType: '信息主体有误',
        contactName: '李四',
        contactPhone: '13700001111',
        description: '该处罚的当事人并非本企业。',
      },
      [['说明.pdf', PDF]],
    ).expect(200);
    const applyNo = (res.body.data as Application).ApplyNo;
    for (const path of [API_PATHS.objectionFlow, API_PATHS.objectionResult]) {
      await request(gateway.url).get(path).query({ applyNo }).set('authorization', `Bearer ${tokenA}`).expect(200);
      await request(gateway.url).get(path).query({ applyNo }).set('authorization', `Bearer ${tokenB}`).expect(404);
    }
  });

  it('passes the report PDFs through untouched and verifies them by number, code and file', async () => {
    const entity = (
      await request(gateway.url).get(API_PATHS.myBusinessList).set('authorization', `Bearer ${tokenA}`).expect(200)
    ).body.data[0] as MyBusiness;
    const period = { periodFrom: '2024-01-01', periodTo: new Date().toISOString().slice(0, 10) };
    const res = await request(gateway.url)
      .post(API_PATHS.enterpriseReport)
      .set('accept-encoding', 'br, gzip')
      .send({ entityId: entity.EntityId, ...period })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // A file is never compressed, whatever the client accepts.
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="credit-report\.pdf"; filename\*=UTF-8''/,
    );
    expect(res.headers['x-cache']).toBe('BYPASS');
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = res.body as Buffer;
    const reportNo = res.headers['x-report-number'] as string;
    const text = await pdfText(pdf);
    expect(text).toContain(entity.EntName);
    expect(text).toContain(entity.CreditCode);
    expect(text).toContain(reportNo);
    const code = /验证码([A-Z2-9]{8})/.exec(text)![1]!;

    const verified = await request(gateway.url).get(API_PATHS.reportVerify).query({ reportNo, code }).expect(200);
    expect(verified.body.data).toMatchObject({ Verified: true, Message: '' });
    expect(verified.body.data.Report).toMatchObject({
      ReportNo: reportNo,
      EntName: entity.EntName,
      PeriodFrom: '2024-01-01',
    });
    const byFile = await request(gateway.url)
      .post(API_PATHS.reportVerifyFile)
      .field('reportNo', reportNo)
      .field('code', code)
      .attach('files', pdf, 'report.pdf')
      .expect(200);
    expect(byFile.body.data.Report.FileChecked).toBe(true);
    const third = await request(gateway.url)
      .get(API_PATHS.thirdPartyCheck)
      .query({ creditCode: entity.CreditCode, reportNo, code })
      .expect(200);
    expect(third.body.data.Verification.ReportNo).toBe(reportNo);
    // Its status through the gateway: 有效 just after issue, never from a cache.
    for (let i = 0; i < 2; i += 1) {
      const status = await request(gateway.url).get(API_PATHS.reportStatus).query({ reportNo, code }).expect(200);
      expect(status.headers['x-cache']).toBe('BYPASS');
      expect(status.body.data).toMatchObject({ Verified: true, Status: { ReportNo: reportNo, StateLabel: '有效' } });
    }
    const statusBadCode = await request(gateway.url)
      .get(API_PATHS.reportStatus)
      .query({ reportNo, code: 'AAAAAAAA' })
      .expect(200);
    expect(statusBadCode.body.data).toEqual({
      Verified: false,
      Message: SERVICE_MESSAGES.reportNotVerified,
      Status: null,
    });

    const forged = await request(gateway.url)
      .get(API_PATHS.reportVerify)
      .query({ reportNo: 'XYBG20200101000000', code })
      .expect(200);
    // A check that did not pass is an answer, not an error.
    expect(forged.body).toMatchObject({
      ok: true,
      data: { Verified: false, Message: SERVICE_MESSAGES.reportNotVerified, Report: null },
    });
    // A wrong code for a real number: the same answer, so numbers cannot be found by trying.
    const badCode = await request(gateway.url)
      .get(API_PATHS.reportVerify)
      .query({ reportNo, code: 'AAAAAAAA' })
      .expect(200);
    expect(badCode.body).toEqual(forged.body);
    const altered = Buffer.from(pdf);
    altered[altered.length - 40]! ^= 0x20;
    const badFile = await request(gateway.url)
      .post(API_PATHS.reportVerifyFile)
      .field('reportNo', reportNo)
      .field('code', code)
      .attach('files', altered, 'report.pdf')
      .expect(200);
    expect(badFile.body.data).toEqual({ Verified: false, Message: SERVICE_MESSAGES.reportFileAltered, Report: null });

    const tooLong = await request(gateway.url)
      .post(API_PATHS.enterpriseReport)
      .send({ entityId: entity.EntityId, periodFrom: '2015-01-01', periodTo: period.periodTo })
      .expect(400);
    expect(tooLong.body).toMatchObject({ ok: false, message: SERVICE_MESSAGES.reportPeriodTooLong });
  });

  it('guards the 专项信用报告 with the real-name rule and ownership', async () => {
    const entity = (
      await request(gateway.url).get(API_PATHS.myBusinessList).set('authorization', `Bearer ${tokenA}`).expect(200)
    ).body.data[0] as MyBusiness;
    const body = {
      entityId: entity.EntityId,
      periodFrom: '2025-01-01',
      periodTo: new Date().toISOString().slice(0, 10),
      areas: ['市场监管'],
    };
    const anonymous = await request(gateway.url).post(API_PATHS.specialReport).send(body).expect(401);
    expect(anonymous.body).toMatchObject({ code: 'not_logged_in', message: ERROR_MESSAGES.not_logged_in });
    await request(gateway.url)
      .post(API_PATHS.specialReport)
      .set('authorization', `Bearer ${tokenB}`)
      .send(body)
      .expect(403);
    // A page of before, without the areas: refused at the gateway by the contract, in Chinese.
    const { areas: _areas, ...withoutAreas } = body;
    const old = await request(gateway.url)
      .post(API_PATHS.specialReport)
      .set('authorization', `Bearer ${tokenA}`)
      .send(withoutAreas)
      .expect(400);
    expect(old.body).toMatchObject({ ok: false, message: SPECIAL_REPORT_AREA_MESSAGES.none });
    const res = await request(gateway.url)
      .post(API_PATHS.specialReport)
      .set('authorization', `Bearer ${tokenA}`)
      .send(body)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(res.body as Buffer)).toContain('专项信用报告');
  });
});
