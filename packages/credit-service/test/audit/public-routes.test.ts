import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  type Application,
  type H5EntityRecord,
  type H5UserInfo,
  type LoginTicket,
  type RepairPunishPage,
  REPAIR_PROMISE,
  PRIVACY_RULES_VERSION,
} from '@credit-portal/shared';
import { type AuditRecord } from '@credit-portal/node-common';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_B, DEMO_PERSON } from '../../src/demo/seed/index.js';
import { AUDIT_UNAVAILABLE } from '../../src/plugins/audit.js';
import { runAuditCommand } from '../../src/audit/verify-command.js';
import { buildTestApp, injectJson, registerWithCode, type TestApp } from '../helper.js';
import { multipart, PNG } from '../routes/services/helper.js';
import { compact, pdfText } from '../routes/services/pdf-text.js';
import { createServicesRepository } from '../../src/repositories/services.js';
import { localToday } from '../../src/lib/dates.js';
import { codeOf, faceVerifyForm, pkcePair, startSmtp, type TestSmtp } from '../routes/h5/support.js';
import { AS_OF, auditTools, KEY } from './support.js';
import { personalDataIn } from '../../../../e2e/personal-data.js';
import { mailBodyText } from '../../../../e2e/mail-text.js';

/*
 * The audit trail through the routes of the portal and the H5 app: every audited request writes
 * exactly one record, with who (an account id or a keyed hash), whose data (a keyed hash), the
 * result and its reason, the client address and the request id; nothing personal in clear;
 * personal data is refused while its access cannot be recorded; and the files of the whole run
 * verify. The reviewers' side is in audit-review.test.ts.
 */

let t: TestApp;
let smtp: TestSmtp;
let auditDir: string;
const { records, written, one, post, accountId, login } = auditTools(() => t);

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({
    seedAsOf: AS_OF,
    h5TestMode: true,
    smtpUrl: smtp.url,
    audit: { key: KEY },
  });
  auditDir = path.join(t.dataDir, 'audit');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('portal accounts', () => {
  it('records a login: success as the account, a wrong password and a lockout by a keyed hash of the number', async () => {
    const ok = await one('account.login', () => login(DEMO_ACCOUNT));
    const id = accountId(DEMO_ACCOUNT.mobile);
    expect(ok).toMatchObject({ result: 'success', reason: null, actor: `account:${id}`, subject: `account:${id}` });

    const wrong = await one('account.login', () =>
      post(API_PATHS.login, { Mobile: '13700000001', Password: 'nope-nope-1' }),
    );
    expect(wrong).toMatchObject({
      result: 'failure',
      reason: 'wrong_credentials',
      actor: expect.stringMatching(/^mobile:[\w-]{22}$/),
    });
    // The same number gets the same reference: its attempts can be counted without it in clear.
    let last: AuditRecord = wrong;
    for (let i = 0; i < 10 && last.reason !== 'locked_out'; i += 1) {
      last = await one('account.login', () =>
        post(API_PATHS.login, { Mobile: '13700000001', Password: 'nope-nope-1' }),
      );
      expect(last.actor).toBe(wrong.actor);
    }
    expect(last).toMatchObject({ result: 'failure', reason: 'locked_out' });
  });

  it('records a registration, a logout, the hand-off to the old site and the way back', async () => {
    const mobile = '13712345678';
    const registered = await written(() => registerWithCode(t.app, t.dataDir, mobile, 'Passw0rd-audit'));
    expect(registered.fresh.map((r) => r.event)).toEqual(['account.register']);
    const id = accountId(mobile);
    expect(registered.fresh[0]).toMatchObject({ result: 'success', actor: `account:${id}` });
    const token = registered.result.body.Data!.JwtToken;

    const handoff = await written(() => post<{ Data: { LoginToken: string } }>(API_PATHS.oldSiteHandoff, {}, token));
    expect(handoff.fresh).toMatchObject([
      { event: 'account.oldsite_handoff', actor: `account:${id}`, result: 'success' },
    ]);
    const page = await written(() =>
      t.app.inject({
        method: 'GET',
        url: `/oldsite/NewLinkTo.aspx?LoginToken=${encodeURIComponent(handoff.result.body.Data.LoginToken)}&PageType=grzl`,
      }),
    );
    expect(page.fresh).toMatchObject([{ event: 'account.oldsite_entry', actor: `account:${id}`, result: 'success' }]);
    const back = /logintoken=([\w-]+)/.exec(page.result.body)![1]!;
    const exchanged = await one('account.portal_token_exchange', () =>
      post(API_PATHS.loginTokenExchange, { LoginToken: back }),
    );
    expect(exchanged).toMatchObject({ result: 'success', actor: `account:${id}` });
    const replay = await one('account.portal_token_exchange', () =>
      post(API_PATHS.loginTokenExchange, { LoginToken: back }),
    );
    expect(replay).toMatchObject({ result: 'failure', reason: 'unauthorized', actor: 'anonymous' });

    expect(await one('account.logout', () => post(API_PATHS.logout, {}, token))).toMatchObject({
      result: 'success',
      actor: `account:${id}`,
    });
    expect(await one('account.logout', () => post(API_PATHS.logout, {}, token))).toMatchObject({
      result: 'success',
      reason: 'no_live_session',
      actor: 'anonymous',
    });
  });

  it('records the QR confirmation on the phone and the desktop collecting its login, not the polls', async () => {
    const token = await login(DEMO_ACCOUNT);
    const created = await post<{ Data: LoginTicket }>(API_PATHS.loginTicketCreate, {});
    const { Ticket, PollToken } = created.body.Data;
    const poll = () => post(API_PATHS.loginTicketStatus, { Ticket, PollToken });
    expect((await written(poll)).fresh).toEqual([]);
    await post(API_PATHS.loginTicketScan, { Ticket });
    const confirmed = await one('account.qr_confirm', () => post(API_PATHS.loginTicketConfirm, { Ticket }, token));
    expect(confirmed).toMatchObject({ result: 'success', actor: `account:${accountId(DEMO_ACCOUNT.mobile)}` });
    expect(await one('account.qr_login', poll)).toMatchObject({ result: 'success' });
    expect((await written(poll)).fresh).toEqual([]);
  });

  it('records the data-submission login of the old site', async () => {
    const form = (account: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/oldsite/login.aspx',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ account, password }).toString(),
      });
    const denied = await one('account.submission_login', () => form(DEMO_ACCOUNT_B.mobile, DEMO_ACCOUNT_B.password));
    expect(denied).toMatchObject({ result: 'failure', reason: 'no_submission_permission' });
    const wrong = await one('account.submission_login', () => form(DEMO_ACCOUNT_B.mobile, 'wrong-password-1'));
    expect(wrong).toMatchObject({
      result: 'failure',
      reason: 'wrong_credentials',
      actor: expect.stringMatching(/^mobile:/),
    });
  });

  it('records a credit promise filed for an entity', async () => {
    const token = await login(DEMO_ACCOUNT);
    const owner = `user:${accountId(DEMO_ACCOUNT.mobile) as number}`;
    const entity = t.app.db
      .prepare(
        "SELECT id, credit_code FROM entities WHERE status = '存续' AND id IN (SELECT entity_id FROM user_entities WHERE owner = ?) LIMIT 1",
      )
      .get(owner) as { id: number; credit_code: string };
    const filed = await one('promise.filed', () =>
      post(
        API_PATHS.myPromises,
        {
          PromiseType: '主动型',
          Content: '本单位承诺依法诚信经营，接受社会监督。',
          Promiser: '张三',
          ContactMobile: '13800138000',
          CreditCode: entity.credit_code,
        },
        token,
      ),
    );
    expect(filed).toMatchObject({
      result: 'success',
      subject: `entity:${entity.id}`,
      details: { promiseType: '主动型' },
    });
  });
});

describe('信用服务: reports and filings', () => {
  it('records a report issued (entity, number, key), each verification by result only, and a wrong code as a failure', async () => {
    const entityId = String(t.app.db.prepare("SELECT id FROM entities WHERE status = '存续' LIMIT 1").pluck().get());
    let pdf = Buffer.alloc(0);
    let reportNo = '';
    const issued = await one('report.issued', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: API_PATHS.enterpriseReport,
        payload: { entityId, periodFrom: '2024-01-01', periodTo: localToday() },
      });
      expect(response.statusCode, response.body).toBe(200);
      pdf = response.rawPayload;
      reportNo = String(response.headers['x-report-number']);
    });
    expect(issued).toMatchObject({
      result: 'success',
      subject: `entity:${entityId}`,
      details: { type: 'enterprise', reportNumber: reportNo },
    });
    expect(String(issued.details?.['keyId'])).toMatch(/^[0-9a-f]{64}$/);
    const code = /验证码([A-Z2-9]{8})/.exec(compact(await pdfText(pdf)))![1]!;

    const verify = (c: string) =>
      injectJson(t.app, { method: 'GET', url: `${API_PATHS.reportVerify}?reportNo=${reportNo}&code=${c}` });
    expect(await one('report.verified', () => verify(code))).toMatchObject({
      result: 'success',
      details: { method: 'code' },
    });
    const wrong = await one('report.verified', () => verify('AAAAAAAA'));
    expect(wrong).toMatchObject({ result: 'failure', reason: 'not_verified', details: { method: 'code' } });
    // The result only: no code, no number of a failed try, nothing of the report's content.
    expect(JSON.stringify(wrong)).not.toContain('AAAAAAAA');
  });

  it('records a repair filed: the entity, then the application, as the filing account', async () => {
    const token = await login(DEMO_ACCOUNT);
    const owner = `user:${accountId(DEMO_ACCOUNT.mobile) as number}`;
    // A company with a penalty that can be repaired today, linked to the account.
    const candidates = t.app.db
      .prepare(
        `SELECT DISTINCT e.id, e.credit_code AS creditCode FROM penalties p JOIN entities e ON e.id = p.entity_id
         WHERE p.CF_XDR_LB <> '自然人' AND p.CF_ZT = '正常' AND p.severity <> '轻微' AND p.repaired_on IS NULL
           AND p.CF_GSJZQ >= ? AND e.ent_type NOT LIKE '%个体工商户%'
           AND p.entity_id NOT IN (SELECT entity_id FROM user_entities) ORDER BY e.id`,
      )
      .all(localToday()) as { id: number; creditCode: string }[];
    let penalty: { id: string; entityId: number } | undefined;
    for (const candidate of candidates) {
      const { body } = await injectJson<{ Data: RepairPunishPage }>(t.app, {
        method: 'GET',
        url: `${API_PATHS.repairPunishSearch}?entNameOrPunishDocNo=${candidate.creditCode}&pageSize=50`,
      });
      const row = body.Data.list.find((r) => r.Repairable);
      if (row) {
        penalty = { id: row.id, entityId: candidate.id };
        break;
      }
    }
    if (!penalty) throw new Error('no repairable penalty in the test data set');
    createServicesRepository(t.app.db, t.app.site).linkEntity(owner, penalty.entityId, '经办人');
    const { payload, headers } = multipart(
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
      [{ name: '缴款凭证.png', content: PNG, type: 'image/png' }],
    );
    headers.authorization = `Bearer ${token}`;
    let applyNo = '';
    const filed = await one('application.filed', async () => {
      const response = await injectJson<{ Data: Application | null; Msg: string }>(t.app, {
        method: 'POST',
        url: API_PATHS.repairUpload,
        headers,
        payload,
      });
      expect(response.status, response.body.Msg).toBe(200);
      applyNo = response.body.Data!.ApplyNo;
    });
    expect(filed).toMatchObject({
      result: 'success',
      actor: `account:${accountId(DEMO_ACCOUNT.mobile) as number}`,
      subject: `application:${applyNo}`,
    });
    expect(filed.details).toMatchObject({ kind: 'repair' });
  });
});

describe('the H5 app', () => {
  const DEMO = { Name: DEMO_PERSON.name, IdCard: DEMO_PERSON.idNumber };
  let user: H5UserInfo;
  let person: string;

  it('records the face verification and the token exchange by a keyed hash of the ID number', async () => {
    const { verifier, challenge } = pkcePair();
    const cert = await post<{ Data: string }>(`${API_PATHS.h5CertToken}?type=grxybg`, {
      CodeChallenge: challenge,
      ConsentVersion: PRIVACY_RULES_VERSION,
    });
    const certToken = cert.body.Data;
    const failed = await one('h5.face_verify', () =>
      faceVerifyForm(t.app, { certToken, name: '不存在', idNumber: '350203199001011234' }),
    );
    expect(failed).toMatchObject({
      result: 'failure',
      reason: 'not_verified',
      actor: expect.stringMatching(/^person:[\w-]{22}$/),
    });
    const verified = await written(() =>
      faceVerifyForm(t.app, { certToken, ...{ name: DEMO.Name, idNumber: DEMO.IdCard } }),
    );
    expect(verified.fresh).toMatchObject([{ event: 'h5.face_verify', result: 'success' }]);
    person = verified.fresh[0]!.actor;
    expect(verified.fresh[0]!.subject).toBe(person);
    const code = codeOf(verified.result.headers.location as string)!;
    const exchanged = await written(() =>
      post<{ Data: H5UserInfo }>(API_PATHS.h5CertExchange, { certToken, code, verifier, type: 'grxybg' }),
    );
    expect(exchanged.fresh).toMatchObject([
      { event: 'h5.cert_exchange', result: 'success', actor: person, subject: person },
    ]);
    user = exchanged.result.body.Data;
    const again = await one('h5.cert_exchange', () => post(API_PATHS.h5CertExchange, { certToken, code, verifier }));
    expect(again).toMatchObject({ result: 'failure', reason: 'unauthorized', actor: 'anonymous' });
  });

  it('records the test login, each view of the personal report, its download and its e-mail', async () => {
    expect(await one('h5.test_login', () => post(API_PATHS.h5TestUserInfo, DEMO))).toMatchObject({ actor: person });
    const request = {
      Infotoken: user.Infotoken,
      UserName: user.Name,
      IdentityCard: user.IdCard,
      VersionCode: 'C',
      ReportNumber: '',
    };
    const view = await one('h5.report_view', () => post(API_PATHS.h5ReportData, request));
    expect(view).toMatchObject({ stream: 'access', result: 'success', actor: person, subject: person });
    expect(view.details.reportNumber).toMatch(/^GRXY\d{14}$/);
    const other = await one('h5.report_view', () =>
      post(API_PATHS.h5ReportData, { ...request, IdentityCard: '350203199001011234' }),
    );
    expect(other).toMatchObject({ result: 'failure', reason: 'forbidden' });

    const mailed = await one('h5.report_email', () =>
      post(API_PATHS.h5ReportPdf, { ...request, Email: 'lin.xiaoyun@example.com' }),
    );
    expect(mailed).toMatchObject({ stream: 'access', result: 'success', actor: person });

    // The download: the final token of the encrypted steps is what the file route takes.
    const row = t.app.db.prepare('SELECT id FROM h5_persons WHERE is_demo = 1').pluck().get() as number;
    const { repo } = { repo: (await import('../../src/repositories/h5.js')).createH5Repository(t.app.db, t.app.site) };
    const final = repo.issueToken('report_final', row, 60_000, { parent: user.Infotoken });
    const file = await written(() =>
      t.app.inject({ method: 'GET', url: API_PATHS.h5ReportFile, query: { token: final } }),
    );
    expect(file.result.statusCode).toBe(200);
    expect(file.fresh).toMatchObject([{ event: 'h5.report_download', result: 'success', actor: person }]);
    const spent = await one('h5.report_download', () =>
      t.app.inject({ method: 'GET', url: API_PATHS.h5ReportFile, query: { token: final } }),
    );
    expect(spent).toMatchObject({ result: 'failure', reason: 'unauthorized' });
  });

  it('records the entity report e-mail with the entity as subject, and the H5 logout', async () => {
    const { body } = await post<{ Data: { Data: string } }>(API_PATHS.h5Entities, { Infotoken: user.Infotoken });
    const entity = (JSON.parse(body.Data.Data) as H5EntityRecord[])[0]!;
    await post(API_PATHS.h5EntityReportRequest, {
      BaseID: entity.BaseId,
      VersionCode: 'G',
      Infotoken: user.Infotoken,
      CertNo: entity.CertNo,
      InquiryMode: '个人查询信用',
    });
    const mailed = await one('h5.entity_report_email', () =>
      post(API_PATHS.h5SendEmail, {
        email: 'lin.xiaoyun@example.com',
        entID: entity.BaseId,
        entName: entity.EntName,
        userID: user.Name,
        versionCode: 'G',
        Infotoken: user.Infotoken,
      }),
    );
    expect(mailed).toMatchObject({ result: 'success', actor: person, subject: `entity:${entity.BaseId}` });
    expect(await one('h5.logout', () => post(API_PATHS.h5Logout, { Infotoken: user.Infotoken }))).toMatchObject({
      result: 'success',
      actor: person,
    });
  });
});

describe('信用关注’s mail', () => {
  it('records the choice with a confirmation mailed, and the owner’s confirmation, by the address’s keyed hash only', async () => {
    const token = await login(DEMO_ACCOUNT);
    const saved = await one('follow.mail_settings', () =>
      post(API_PATHS.followSettings, { EmailDigest: true, Email: 'Resident.Audit@Example.com' }, token),
    );
    expect(saved).toMatchObject({
      result: 'success',
      actor: `account:${accountId(DEMO_ACCOUNT.mobile) as number}`,
      subject: expect.stringMatching(/^email:[A-Za-z0-9_-]{22}$/),
      details: { digest: true, confirmation: 'mailed' },
    });
    const mail = mailBodyText(smtp.mails.at(-1)!.raw);
    const link = /#\/grzx\/xygz\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1]!;
    const confirmed = await one('follow.email_confirmed', () => post(API_PATHS.followConfirmEmail, { token: link }));
    // The same address, whatever its case: the same reference.
    expect(confirmed).toMatchObject({ result: 'success', actor: 'anonymous', subject: saved.subject });
    expect(
      await one('follow.email_confirmed', () => post(API_PATHS.followConfirmEmail, { token: link })),
    ).toMatchObject({ result: 'failure', reason: 'bad_request', subject: null });
    const off = await one('follow.mail_settings', () => post(API_PATHS.followSettings, { EmailDigest: false }, token));
    expect(off).toMatchObject({
      result: 'success',
      subject: null,
      details: { digest: false, confirmation: 'not_needed' },
    });
    expect(JSON.stringify([saved, confirmed])).not.toMatch(/resident|example/i);
  });
});

describe('the trail as a whole', () => {
  it('holds no phone number, ID number, JWT or e-mail in clear, nor a name, and verifies clean', async () => {
    const text = (
      await Promise.all((await fs.readdir(auditDir)).map((n) => fs.readFile(path.join(auditDir, n), 'utf8')))
    ).join('\n');
    expect(personalDataIn(text)).toEqual([]);
    expect(text).not.toContain(DEMO_PERSON.name);
    expect(text).not.toContain(DEMO_PERSON.idNumber);
    expect(text).not.toContain(DEMO_ACCOUNT.mobile);
    const out: string[] = [];
    const code = runAuditCommand(
      ['verify', auditDir, '--data-dir', t.dataDir],
      { AUDIT_KEY: KEY },
      { out: (l) => out.push(l), err: (l) => out.push(l) },
    );
    expect(out.join('\n')).toContain('OK      credit-service.access');
    expect(code).toBe(0);
  });

  it('writes the start-up configuration without secrets', async () => {
    const start = (await records()).find((r) => r.event === 'service.start')!;
    expect(start.details).toMatchObject({ auditKey: 'set', smtpUrl: 'set', h5TestMode: true });
    expect(start.details).not.toHaveProperty('reviewToken');
    expect(JSON.stringify(start)).not.toContain(KEY);
  });

  it('refuses personal data (503, no report) while its access cannot be recorded, and goes on with other events', async () => {
    const { body } = await post<{ Data: H5UserInfo }>(API_PATHS.h5TestUserInfo, DEMO_PERSON_DOC);
    const request = {
      Infotoken: body.Data.Infotoken,
      UserName: body.Data.Name,
      IdentityCard: body.Data.IdCard,
      VersionCode: 'C',
      ReportNumber: '',
    };
    const failed = await whileDiskFull(async () => {
      const view = await post<{ Data: null; Msg: string }>(API_PATHS.h5ReportData, request);
      expect(view).toMatchObject({ status: 503, body: { Data: null, Msg: AUDIT_UNAVAILABLE } });
      expect(JSON.stringify(view.body)).not.toContain('Household');
      // Checked before the route runs: no e-mail leaves either.
      const mails = smtp.mails.length;
      const mail = await post(API_PATHS.h5ReportPdf, { ...request, Email: 'lin.xiaoyun@example.com' });
      expect(mail.status).toBe(503);
      expect(smtp.mails).toHaveLength(mails);
      // Any other action goes on (its record goes to the request log at error level).
      expect((await post(API_PATHS.logout, {})).status).toBe(200);
    });
    expect(failed).toBe(true);
    // Once the disk takes records again, personal data is served again, and the chain still verifies.
    expect((await post(API_PATHS.h5ReportData, request)).status).toBe(200);
    const out: string[] = [];
    expect(
      runAuditCommand(['verify', auditDir], { AUDIT_KEY: KEY }, { out: (l) => out.push(l), err: (l) => out.push(l) }),
    ).toBe(0);
  });
});

const DEMO_PERSON_DOC = { Name: DEMO_PERSON.name, IdCard: DEMO_PERSON.idNumber };

/** Runs `act` while every append of the audit files fails (a full disk); answers whether one was tried. */
async function whileDiskFull(act: () => Promise<void>): Promise<boolean> {
  const { storage } = t.app.audit;
  const original = storage.append;
  let tried = false;
  storage.append = async () => {
    tried = true;
    throw new Error('ENOSPC: no space left on device');
  };
  try {
    await act();
  } finally {
    storage.append = original;
  }
  return tried;
}
