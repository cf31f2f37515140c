import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  SERVICE_MESSAGES,
  SERVICE_REVIEW_PATH,
  UPLOAD_MAX_FILE_BYTES,
  type Application,
  type ApplicationPage,
  type JudgeBusiness,
  type MyBusiness,
  type RepairPunishPage,
  type ReportVerifyOutcome,
  type ThirdPartyReport,
} from '@credit-portal/shared';
import { addMonths, localToday } from '../src/lib/dates.js';
import { renderEnterpriseReport } from '../src/reports/report-service.js';
import { createServicesRepository } from '../src/repositories/services.js';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_B } from '../src/seed/index.js';
import { buildTestApp, injectJson, type TestApp } from './helper.js';
import { compact, pdfText } from './services-pdf-text.js';
import { EXE, filesUnder, JPG, multipart, PDF, PNG } from './services-helper.js';
import { addReviewer, reviewerToken } from './reviewer-helper.js';

interface Answer<T> {
  ErrorCode: number;
  Data: T | null;
  Msg: string;
}

let t: TestApp;
let tokenA: string;
let tokenB: string;
let uploads: string;

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: object; query?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return injectJson<Answer<T>>(t.app, { method, url, headers, payload: options.body, query: options.query });
}

async function login(mobile: string, password: string): Promise<string> {
  const { body } = await call<{ JwtToken: string }>('POST', API_PATHS.login, {
    body: { Mobile: mobile, Password: password },
  });
  return body.Data!.JwtToken;
}

async function upload<T>(
  url: string,
  token: string | undefined,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1],
) {
  const { payload, headers } = multipart(fields, files);
  if (token) headers.authorization = `Bearer ${token}`;
  return injectJson<Answer<T>>(t.app, { method: 'POST', url, headers, payload });
}

/** The session of the centre's reviewer (signed in once in beforeAll: a TOTP code is good once). */
let reviewer: string;

const review = (applyNo: string, action: string, bearer = reviewer, extra: object = {}) =>
  call<Application>('POST', SERVICE_REVIEW_PATH, {
    body: { applyNo, action, ...extra },
    headers: { authorization: `Bearer ${bearer}` },
  });

const count = (table: string): number => Number(t.app.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get());
const stored = () => filesUnder(uploads);

/** Links another company with a penalty that can be repaired now to user A, and returns that penalty. */
async function spareRepairable() {
  const repo = createServicesRepository(t.app.db);
  const ids = t.app.db
    .prepare(
      `SELECT DISTINCT p.entity_id FROM penalties p JOIN entities e ON e.id = p.entity_id
       WHERE p.CF_XDR_LB <> '自然人' AND p.CF_ZT = '正常' AND p.severity <> '轻微' AND p.repaired_on IS NULL
         AND p.CF_GSJZQ >= ? AND e.ent_type NOT LIKE '%个体工商户%'
         AND p.entity_id NOT IN (SELECT entity_id FROM user_entities) ORDER BY p.entity_id`,
    )
    .pluck()
    .all(localToday()) as number[];
  for (const id of ids) {
    const code = t.app.db.prepare('SELECT credit_code FROM entities WHERE id = ?').pluck().get(id) as string;
    const penalty = await repairable(code);
    if (penalty) {
      repo.linkEntity('user:1', id, '经办人');
      return penalty;
    }
  }
  throw new Error('no spare repairable penalty in the test data set');
}

async function mine(token: string): Promise<MyBusiness[]> {
  return (await call<MyBusiness[]>('GET', API_PATHS.myBusinessList, { token })).body.Data!;
}

/** A penalty of the entity that can be repaired now. */
async function repairable(creditCode: string) {
  const { body } = await call<RepairPunishPage>('GET', API_PATHS.repairPunishSearch, {
    query: { entNameOrPunishDocNo: creditCode, pageSize: '50' },
  });
  return body.Data!.list.find((row) => row.Repairable);
}

const repairFields = (punishId: string) => ({
  punishId,
  purposeId: '1',
  contactName: '张三',
  contactPhone: '13812345678',
  description: '已缴清罚款并完成整改，申请信用修复。',
});

beforeAll(async () => {
  t = await buildTestApp({ portalUrl: 'http://portal.test/' });
  reviewer = await reviewerToken(t.app, addReviewer(t.app.db, 'services.test'));
  uploads = path.join(t.dataDir, 'uploads');
  tokenA = await login(DEMO_ACCOUNT.mobile, DEMO_ACCOUNT.password);
  tokenB = await login(DEMO_ACCOUNT_B.mobile, DEMO_ACCOUNT_B.password);
});

afterAll(async () => {
  await t?.close();
});

describe('demo links and seeded applications', () => {
  it('links each demo account to its own entities', async () => {
    const a = await mine(tokenA);
    const b = await mine(tokenB);
    expect(a.length).toBeGreaterThanOrEqual(2);
    expect(b.length).toBeGreaterThanOrEqual(1);
    expect(a.map((e) => e.EntityId).filter((id) => b.some((e) => e.EntityId === id))).toEqual([]);
    expect(a.every((e) => e.Status === '存续' && ['法定代表人', '经办人'].includes(e.Role))).toBe(true);
  });

  it('keeps applications in various states with real timelines, and marks their penalties', async () => {
    const { body } = await call<ApplicationPage>('GET', API_PATHS.myApplications, { token: tokenA });
    const list = body.Data!.list;
    expect(list.map((a) => a.Status)).toEqual(expect.arrayContaining(['accepted', 'completed']));
    const done = list.find((a) => a.Status === 'completed')!;
    expect(done.Steps.map((s) => s.Label)).toEqual(['已提交', '已受理', '审核中', '审核通过', '已办结']);
    expect(done.Steps[1]!.HandlingUnit).toBe('云州市公共信用信息中心');
    expect(done.Steps[2]!.HandlingUnit).toMatch(/局|委员会|支队|大队/);
    expect(done.Result).toContain('准予信用修复');
    expect(done.ContactPhone).toBe('139****0000');
    // The approved repair took the penalty out of publicity; its detail says 已修复.
    const detail = await call<{ CF_ZT: string; publicized: boolean }>('GET', API_PATHS.punishDetail, {
      query: { id: done.PunishId },
    });
    expect(detail.body.Data).toMatchObject({ CF_ZT: '已修复', publicized: false });
    // The objection in progress shows 异议处理中 on the public penalty search.
    const objection = list.find((a) => a.Kind === 'objection')!;
    const search = await call<{ list: { id: string; cF_ZT: string }[] }>('GET', API_PATHS.punishSearch, {
      query: { entNameOrPunishDocNo: objection.CF_WSH },
    });
    expect(search.body.Data!.list.find((row) => row.id === objection.PunishId)?.cF_ZT).toBe('异议处理中');
    const other = await call<ApplicationPage>('GET', API_PATHS.myApplications, { token: tokenB });
    expect(other.body.Data!.list.map((a) => a.Status)).toEqual(['submitted']);
  });
});

describe('penalty search, purposes and ownership', () => {
  it('finds penalties in publicity by name, code or document number, with whether they can be repaired', async () => {
    const objection = (
      await call<ApplicationPage>('GET', API_PATHS.myApplications, { token: tokenA })
    ).body.Data!.list.find((a) => a.Kind === 'objection')!;
    for (const keyword of [objection.EntName, objection.CreditCode.toLowerCase(), objection.CF_WSH]) {
      const { status, body } = await call<RepairPunishPage>('GET', API_PATHS.repairPunishSearch, {
        query: { entNameOrPunishDocNo: keyword },
      });
      expect(status).toBe(200);
      const row = body.Data!.list.find((r) => r.id === objection.PunishId)!;
      expect(row).toMatchObject({
        CF_XDR_MC: objection.EntName,
        CF_XDR_SHXYM: objection.CreditCode,
        CF_ZT: '异议处理中',
        Repairable: false,
        Objectionable: false,
        Note: '该记录已有异议申请正在办理',
      });
      expect(row.RepairableFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const empty = await call('GET', API_PATHS.repairPunishSearch, { query: { entNameOrPunishDocNo: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.Msg).toBe('请输入企业名称或行政处罚决定书文号');
  });

  it('lists the repair purposes', async () => {
    const { body } = await call<{ id: string; name: string }[]>('GET', API_PATHS.repairPurposes);
    expect(body.Data!.map((p) => p.name)).toContain('参加招标投标');
  });

  it('says whether an entity is the user’s, and needs a login', async () => {
    const [entityA] = await mine(tokenA);
    const asA = await call<JudgeBusiness>('GET', API_PATHS.judgeMyBusiness, {
      token: tokenA,
      query: { id: entityA!.EntityId },
    });
    expect(asA.body.Data).toMatchObject({ isMine: true, EntName: entityA!.EntName });
    const byCode = await call<JudgeBusiness>('GET', API_PATHS.judgeMyBusiness, {
      token: tokenB,
      query: { creditCode: entityA!.CreditCode.toLowerCase() },
    });
    expect(byCode.body.Data).toMatchObject({ isMine: false, EntityId: entityA!.EntityId });
    expect((await call('GET', API_PATHS.judgeMyBusiness, { token: tokenA, query: { id: '999999999' } })).status).toBe(
      404,
    );
    expect((await call('GET', API_PATHS.judgeMyBusiness, { token: tokenA })).status).toBe(400);
    const anonymous = await call('GET', API_PATHS.judgeMyBusiness, { query: { id: entityA!.EntityId } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.Msg).toBe('用户未登录！');
  });
});

describe('filing with materials', () => {
  it('files a repair with a PNG and a PDF, stores both and marks the penalty 信用修复中', async () => {
    const penalty = await spareRepairable();
    const before = stored().length;
    const { status, body } = await upload<Application>(API_PATHS.repairUpload, tokenA, repairFields(penalty.id), [
      { name: '缴款凭证.png', content: PNG, type: 'image/png' },
      { name: '../../整改报告.pdf', content: PDF },
    ]);
    expect(status, body.Msg).toBe(200);
    const application = body.Data!;
    expect(application.ApplyNo).toMatch(/^XF\d{12}$/);
    expect(application.Status).toBe('submitted');
    expect(application.Steps.map((s) => s.Step)).toEqual(['submitted']);
    expect(application.Materials).toEqual([
      { FileName: '缴款凭证.png', MimeType: 'image/png', Size: PNG.length },
      { FileName: '整改报告.pdf', MimeType: 'application/pdf', Size: PDF.length },
    ]);
    expect(stored().length).toBe(before + 2);
    expect(filesUnder(path.join(uploads, '.incoming'))).toEqual([]);
    const again = await call<RepairPunishPage>('GET', API_PATHS.repairPunishSearch, {
      query: { entNameOrPunishDocNo: penalty.CF_WSH },
    });
    expect(again.body.Data!.list.find((row) => row.id === penalty.id)).toMatchObject({
      CF_ZT: '信用修复中',
      Repairable: false,
      Note: '该记录已有信用修复申请正在办理',
    });
    const flow = await call<Application>('GET', API_PATHS.repairFlow, {
      token: tokenA,
      query: { applyNo: application.ApplyNo },
    });
    expect(flow.body.Data!.ApplyNo).toBe(application.ApplyNo);
  });

  it('refuses bad filings with a Chinese reason and stores nothing', async () => {
    const penalty = await spareRepairable();
    const fields = repairFields(penalty!.id);
    const rows = count('service_applications') + count('application_materials') + count('application_steps');
    const files = stored();
    const cases: [number, string, Awaited<ReturnType<typeof upload>>][] = [
      [
        400,
        SERVICE_MESSAGES.badFileType,
        await upload(API_PATHS.repairUpload, tokenA, fields, [
          { name: 'ok.png', content: PNG },
          { name: '整改报告.pdf', content: EXE, type: 'application/pdf' },
        ]),
      ],
      [
        413,
        SERVICE_MESSAGES.fileTooLarge,
        await upload(API_PATHS.repairUpload, tokenA, fields, [
          { name: 'big.pdf', content: Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_FILE_BYTES)]) },
        ]),
      ],
      [
        400,
        SERVICE_MESSAGES.tooManyFiles,
        await upload(
          API_PATHS.repairUpload,
          tokenA,
          fields,
          Array.from({ length: 6 }, (_, i) => ({ name: `${i}.jpg`, content: JPG })),
        ),
      ],
      [400, SERVICE_MESSAGES.noFiles, await upload(API_PATHS.repairUpload, tokenA, fields, [])],
      [
        400,
        '请填写联系人',
        await upload(API_PATHS.repairUpload, tokenA, { ...fields, contactName: '' }, [{ name: 'a.png', content: PNG }]),
      ],
      [
        400,
        '联系电话格式不正确',
        await upload(API_PATHS.repairUpload, tokenA, { ...fields, contactPhone: '123' }, [
          { name: 'a.png', content: PNG },
        ]),
      ],
      [
        400,
        SERVICE_MESSAGES.purposeUnknown,
        await upload(API_PATHS.repairUpload, tokenA, { ...fields, purposeId: '99' }, [{ name: 'a.png', content: PNG }]),
      ],
      [
        404,
        SERVICE_MESSAGES.punishNotFound,
        await upload(API_PATHS.repairUpload, tokenA, { ...fields, punishId: '999999999' }, [
          { name: 'a.png', content: PNG },
        ]),
      ],
      [
        403,
        SERVICE_MESSAGES.notMyBusiness,
        await upload(API_PATHS.repairUpload, tokenB, fields, [{ name: 'a.png', content: PNG }]),
      ],
      [401, '用户未登录！', await upload(API_PATHS.repairUpload, undefined, fields, [{ name: 'a.png', content: PNG }])],
    ];
    for (const [status, message, answer] of cases) {
      expect(answer.status, message).toBe(status);
      expect(answer.body.Msg).toBe(message);
      expect(answer.body.Data).toBeNull();
    }
    const json = await call('POST', API_PATHS.repairUpload, { token: tokenA, body: fields });
    expect(json.status).toBe(400);
    expect(json.body.Msg).toBe(SERVICE_MESSAGES.notMultipart);
    expect(count('service_applications') + count('application_materials') + count('application_steps')).toBe(rows);
    expect(stored()).toEqual(files);
  });

  it('files an objection and answers its flow and result to its owner only', async () => {
    const penalty = await spareRepairable();
    const objectionFields = {
      punishId: penalty!.id,
      objectionType: '信息内容有误',
      contactName: '张三',
      contactPhone: '0871-65123456',
      description: '罚款金额公示有误，应为五千元。',
    };
    const { status, body } = await upload(API_PATHS.objectionUpload, tokenA, { ...objectionFields, purposeId: '1' }, [
      { name: '决定书.jpg', content: JPG },
    ]);
    // purposeId is not a field of the objection form.
    expect(status).toBe(400);
    expect(body.Msg).toBe(SERVICE_MESSAGES.unknownField);
    const badType = await upload(API_PATHS.objectionUpload, tokenA, { ...objectionFields, objectionType: '随便' }, [
      { name: '决定书.jpg', content: JPG },
    ]);
    expect(badType.body.Msg).toBe('异议类型格式不正确');
    const filed = await upload<Application>(API_PATHS.objectionUpload, tokenA, objectionFields, [
      { name: '决定书.jpg', content: JPG },
    ]);
    expect(filed.status, filed.body.Msg).toBe(200);
    const applyNo = filed.body.Data!.ApplyNo;
    expect(applyNo).toMatch(/^YY\d{12}$/);
    for (const url of [API_PATHS.objectionFlow, API_PATHS.objectionResult]) {
      expect((await call('GET', url, { token: tokenA, query: { applyNo } })).status).toBe(200);
      const asB = await call('GET', url, { token: tokenB, query: { applyNo } });
      expect(asB.status).toBe(404);
      expect(asB.body.Msg).toBe(SERVICE_MESSAGES.applicationNotFound);
    }
    // A repair number is not an objection.
    const wrongKind = await call('GET', API_PATHS.repairFlow, { token: tokenA, query: { applyNo } });
    expect(wrongKind.status).toBe(404);
    // The same penalty cannot get a second application while this one is open.
    const twice = await upload(API_PATHS.repairUpload, tokenA, repairFields(penalty!.id), [
      { name: 'a.png', content: PNG },
    ]);
    expect(twice.status).toBe(409);
    expect(twice.body.Msg).toBe('该记录已有异议申请正在办理');
  });
});

describe('review', () => {
  it('needs a reviewer’s session', async () => {
    expect((await call('GET', SERVICE_REVIEW_PATH)).status).toBe(401);
    const wrong = await review('XF000', 'accept', 'wrong-token');
    expect(wrong.status).toBe(401);
    expect(wrong.body.Msg).toBe(SERVICE_MESSAGES.reviewerSessionBad);
    // A portal login is no reviewer's.
    expect((await review('XF000', 'accept', tokenA)).status).toBe(401);
  });

  it('moves an application on step by step; the decision shows in the owner’s timeline and ends publicity', async () => {
    const open = await call<Application[]>('GET', SERVICE_REVIEW_PATH, {
      headers: { authorization: `Bearer ${reviewer}` },
    });
    const mineOpen = (
      await call<ApplicationPage>('GET', API_PATHS.myApplications, { token: tokenA, query: { kind: 'repair' } })
    ).body.Data!.list.find((a) => a.Status === 'submitted')!;
    expect(open.body.Data!.map((a) => a.ApplyNo)).toContain(mineOpen.ApplyNo);
    const skip = await review(mineOpen.ApplyNo, 'approve');
    expect(skip.status).toBe(409);
    expect(skip.body.Msg).toBe(SERVICE_MESSAGES.reviewTransitionBad);
    expect((await review(mineOpen.ApplyNo, 'accept')).status).toBe(200);
    expect((await review(mineOpen.ApplyNo, 'review', reviewer, { handlingUnit: '云州市市场监督管理局' })).status).toBe(
      200,
    );
    const approved = await review(mineOpen.ApplyNo, 'approve', reviewer, { comment: '材料齐全，准予修复。' });
    expect(approved.body.Data!.Result).toBe('材料齐全，准予修复。');
    const flow = await call<Application>('GET', API_PATHS.repairFlow, {
      token: tokenA,
      query: { applyNo: mineOpen.ApplyNo },
    });
    expect(flow.body.Data!.Steps.map((s) => [s.Step, s.HandlingUnit])).toEqual([
      ['submitted', '申请人（网上提交）'],
      ['accepted', '云州市公共信用信息中心'],
      ['reviewing', '云州市市场监督管理局'],
      ['approved', expect.any(String)],
    ]);
    expect(flow.body.Data!.StatusLabel).toBe('审核通过');
    const detail = await call<{ CF_ZT: string; publicized: boolean }>('GET', API_PATHS.punishDetail, {
      query: { id: flow.body.Data!.PunishId },
    });
    expect(detail.body.Data).toMatchObject({ CF_ZT: '已修复', publicized: false });
    expect((await review(mineOpen.ApplyNo, 'complete')).body.Data!.Status).toBe('completed');
    expect((await review('XF199901010001', 'accept')).status).toBe(404);
  });
});

describe('reports', () => {
  const today = localToday();
  const period = { periodFrom: addMonths(today, -60), periodTo: today };
  let pdf: Buffer;
  let reportNo: string;
  let code: string;
  let entity: MyBusiness;

  it('issues the enterprise credit report as a PDF with the entity, its code and the report number', async () => {
    // The entity whose seeded repair was approved: its report marks the penalty 已修复.
    const done = (await call<ApplicationPage>('GET', API_PATHS.myApplications, { token: tokenA })).body.Data!.list.find(
      (a) => a.Status === 'completed',
    )!;
    entity = (await mine(tokenA)).find((e) => e.EntityId === done.EntityId)!;
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.enterpriseReport,
      payload: { entityId: entity.EntityId, ...period },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''");
    pdf = response.rawPayload;
    reportNo = String(response.headers['x-report-number']);
    expect(reportNo).toMatch(/^XYBG\d{14}$/);
    const text = compact(await pdfText(pdf));
    expect(text).toContain('企业信用报告');
    expect(text).toContain(entity.EntName);
    expect(text).toContain(entity.CreditCode);
    expect(text).toContain(`报告编号${reportNo}`);
    expect(text).toContain('已修复');
    code = /验证码([A-Z2-9]{8})/.exec(text)![1]!;
    expect(text).toContain(`http://portal.test/#/xyfw/verify?no=${reportNo}&code=${code}`);
  });

  it('verifies the report by number and code, and by its file', async () => {
    const { status, body } = await call<ReportVerifyOutcome>('GET', API_PATHS.reportVerify, {
      query: { reportNo, code },
    });
    expect(status).toBe(200);
    expect(body.Data).toMatchObject({ Verified: true, Message: '' });
    expect(body.Data!.Report).toMatchObject({
      ReportNo: reportNo,
      ReportType: 'enterprise',
      EntName: entity.EntName,
      CreditCode: entity.CreditCode,
      PeriodFrom: period.periodFrom,
      PeriodTo: period.periodTo,
      SignatureAlgorithm: 'SM2-with-SM3',
      FileChecked: false,
    });
    expect(body.Data!.Report!.Findings.repairedPenalties).toBeGreaterThan(0);
    expect(body.Data!.Report!.Summary.join('')).toContain('行政处罚');
    const lower = await call<ReportVerifyOutcome>('GET', API_PATHS.reportVerify, {
      query: { reportNo, code: code.toLowerCase() },
    });
    expect(lower.status).toBe(200);
    expect(lower.body.Data!.Verified).toBe(true);
    const file = await upload<ReportVerifyOutcome>(API_PATHS.reportVerifyFile, undefined, { reportNo, code }, [
      { name: 'report.pdf', content: pdf },
    ]);
    expect(file.status, file.body.Msg).toBe(200);
    expect(file.body.Data!.Verified).toBe(true);
    expect(file.body.Data!.Report!.FileChecked).toBe(true);
  });

  it('answers a forged number, an altered code or an altered file as a check that did not pass, not an error', async () => {
    const forged = await call<ReportVerifyOutcome>('GET', API_PATHS.reportVerify, {
      query: { reportNo: `${reportNo.slice(0, -1)}${(Number(reportNo.at(-1)) + 1) % 10}`, code },
    });
    const altered = await call<ReportVerifyOutcome>('GET', API_PATHS.reportVerify, {
      query: { reportNo, code: code.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
    });
    // One answer for both: a real number is not told apart from an unknown one by a wrong code.
    for (const failed of [forged, altered]) {
      expect(failed.status).toBe(200);
      expect(failed.body.Data).toEqual({ Verified: false, Message: SERVICE_MESSAGES.reportNotVerified, Report: null });
    }
    expect(altered.raw).toBe(forged.raw);
    const thirdParty = await call('GET', API_PATHS.thirdPartyCheck, {
      query: { creditCode: entity.CreditCode, reportNo, code: 'AAAAAAAA' },
    });
    expect(thirdParty.status).toBe(404);
    expect(thirdParty.body.Msg).toBe(SERVICE_MESSAGES.reportNotVerified);
    const wrongCodeWithFile = await upload<ReportVerifyOutcome>(
      API_PATHS.reportVerifyFile,
      undefined,
      { reportNo, code: 'AAAAAAAA' },
      [{ name: 'report.pdf', content: pdf }],
    );
    expect(wrongCodeWithFile.status).toBe(200);
    expect(wrongCodeWithFile.body.Data).toEqual(forged.body.Data);
    const changed = Buffer.from(pdf);
    changed[Math.floor(changed.length / 2)]! ^= 0x01;
    const file = await upload<ReportVerifyOutcome>(API_PATHS.reportVerifyFile, undefined, { reportNo, code }, [
      { name: 'report.pdf', content: changed },
    ]);
    expect(file.status).toBe(200);
    expect(file.body.Data).toEqual({ Verified: false, Message: SERVICE_MESSAGES.reportFileAltered, Report: null });
    const notPdf = await upload(API_PATHS.reportVerifyFile, undefined, { reportNo, code }, [
      { name: 'report.pdf', content: PNG },
    ]);
    expect(notPdf.status).toBe(400);
  });

  it('shows the report to a third party with the entity’s credit code', async () => {
    const { status, body } = await call<ThirdPartyReport>('GET', API_PATHS.thirdPartyCheck, {
      query: { creditCode: entity.CreditCode, reportNo, code },
    });
    expect(status).toBe(200);
    expect(body.Data!.Verification.ReportNo).toBe(reportNo);
    expect(body.Data!.BasicInfo[0]).toEqual({ label: '企业名称', value: entity.EntName });
    expect(body.Data!.Sections.map((s) => s.title)).toContain('行政处罚信息');
    const other = await call('GET', API_PATHS.thirdPartyCheck, {
      query: { creditCode: '91530100MA6K0000X1', reportNo, code },
    });
    expect(other.status).toBe(400);
    expect(other.body.Msg).toBe(SERVICE_MESSAGES.reportCreditCodeMismatch);
  });

  it('refuses a record altered in the database', async () => {
    t.app.db.prepare(`UPDATE credit_reports SET period_from = '2020-01-01' WHERE report_no = ?`).run(reportNo);
    const { status, body } = await call('GET', API_PATHS.reportVerify, { query: { reportNo, code } });
    expect(status).toBe(409);
    expect(body.Msg).toBe(SERVICE_MESSAGES.reportSignatureBad);
  });

  it('refuses a bad period or an unknown entity', async () => {
    const post = (payload: object) =>
      injectJson<Answer<null>>(t.app, { method: 'POST', url: API_PATHS.enterpriseReport, payload });
    const tooLong = await post({ entityId: entity.EntityId, periodFrom: addMonths(today, -61), periodTo: today });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.Msg).toBe(SERVICE_MESSAGES.reportPeriodTooLong);
    const reversed = await post({ entityId: entity.EntityId, periodFrom: today, periodTo: addMonths(today, -1) });
    expect(reversed.body.Msg).toBe(SERVICE_MESSAGES.reportPeriodInvalid);
    const future = await post({ entityId: entity.EntityId, periodFrom: today, periodTo: addMonths(today, 1) });
    expect(future.body.Msg).toBe(SERVICE_MESSAGES.reportPeriodInvalid);
    const unknown = await post({ entityId: '999999999', ...period });
    expect(unknown.status).toBe(404);
    expect(unknown.body.Msg).toBe(SERVICE_MESSAGES.entityNotFound);
  });

  it('issues the 专项信用报告 to a logged-in owner only', async () => {
    const entities = await mine(tokenA);
    const penalized = new Set(
      t.app.db
        .prepare('SELECT DISTINCT entity_id FROM penalties WHERE entity_id IS NOT NULL')
        .pluck()
        .all() as number[],
    );
    const clean = entities.find((e) => !penalized.has(Number(e.EntityId)))!;
    const body = { entityId: clean.EntityId, ...period };
    const anonymous = await call('POST', API_PATHS.specialReport, { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.Msg).toBe('用户未登录！');
    const other = await call('POST', API_PATHS.specialReport, { body, token: tokenB });
    expect(other.status).toBe(403);
    expect(other.body.Msg).toBe(SERVICE_MESSAGES.notMyBusiness);
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.specialReport,
      payload: body,
      headers: { authorization: `Bearer ${tokenA}` },
    });
    expect(response.statusCode).toBe(200);
    const number = String(response.headers['x-report-number']);
    expect(number).toMatch(/^ZXBG/);
    const text = compact(await pdfText(response.rawPayload));
    expect(text).toContain('专项信用报告');
    expect(text).toContain(clean.EntName);
    expect(text).toContain('无违法违规记录');
  });

  it('renders the enterprise report for other parts of the service', async () => {
    const { pdf: bytes, reportNumber } = await renderEnterpriseReport(
      t.app.db,
      { portalUrl: 'http://portal.test/', signer: t.app.reportSigner },
      { entityId: entity.EntityId },
    );
    expect(reportNumber).toMatch(/^XYBG/);
    expect(compact(await pdfText(bytes))).toContain(reportNumber);
  });
});
