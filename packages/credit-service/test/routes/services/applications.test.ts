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
  type RepairPunishPage,
  REPAIR_PROMISE,
} from '@credit-portal/shared';
import { entity, linkEntity, penalty } from '../../factories.js';
import type { TestApp } from '../../helper.js';
import { EXE, filesUnder, JPG, PDF, PNG } from './helper.js';
import { servicesTools, startServicesTest } from './support.js';
import { addReviewer, reviewerToken } from '../../review/reviewer-helper.js';

/*
 * 信用服务's applications: the demo accounts' entities and seeded applications, the penalty search,
 * filing a repair or an objection with materials, and the review that moves a filing on.
 */

let t: TestApp;
let tokenA: string;
let tokenB: string;
let uploads: string;

/** The session of the centre's reviewer (signed in once in beforeAll: a TOTP code is good once). */
let reviewer: string;

const { call, upload, mine } = servicesTools(() => t);

const review = (applyNo: string, action: string, bearer = reviewer, extra: object = {}) =>
  call<Application>('POST', SERVICE_REVIEW_PATH, {
    body: { applyNo, action, ...extra },
    headers: { authorization: `Bearer ${bearer}` },
  });

const count = (table: string): number => Number(t.app.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get());
const stored = () => filesUnder(uploads);

/** A company of its own, linked to user A, with a penalty that can be repaired now: that penalty as the search lists it. */
async function spareRepairable() {
  const company = entity(t.app.db);
  linkEntity(t, 'user:1', company);
  const made = penalty(t.app.db, company);
  const found = await repairable(company.creditCode);
  expect(found?.id).toBe(String(made.id));
  return found!;
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
  promiseSigner: '张三',
  promiseAccepted: 'true',
  promiseVersion: REPAIR_PROMISE.version,
});

beforeAll(async () => {
  ({ t, tokenA, tokenB } = await startServicesTest());
  reviewer = await reviewerToken(t.app, addReviewer(t.app.db, 'services.test'));
  uploads = path.join(t.dataDir, 'uploads');
});
afterAll(() => t?.close());

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
