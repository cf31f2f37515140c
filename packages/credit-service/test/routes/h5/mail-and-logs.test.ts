import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, H5_MESSAGES, type H5EntityRecord, type H5UserInfo } from '@credit-portal/shared';
import { buildTestApp, injectJson } from '../../helper.js';
import { pdfAttachment, startSmtp } from './support.js';
import { AS_OF, buildH5TestApp, DEMO, h5Requests, reportRequest, type H5TestApp, type Success } from './app-support.js';
import { compact, pdfText } from '../services/pdf-text.js';

/*
 * The H5 app's mail in the credit-service: the entity report by mail through a real SMTP server,
 * the outbox without one, and logs free of personal data after the mail and the logins.
 */

let testApp: H5TestApp;
const { post, get, demoLogin } = h5Requests(() => testApp.app);

beforeAll(async () => {
  testApp = await buildH5TestApp();
});
afterAll(() => testApp?.close());

describe('the entity report by e-mail', () => {
  it('records the request, then mails the entity report PDF through SMTP', async () => {
    const user = await demoLogin();
    const { body } = await post<Success<{ Data: string }>>(API_PATHS.h5Entities, { Infotoken: user.Infotoken });
    const entity = (JSON.parse(body.Data.Data) as H5EntityRecord[])[0]!;
    const mailRequest = {
      email: 'lin.xiaoyun@example.com',
      entID: entity.BaseId,
      entName: entity.EntName,
      userID: user.Name,
      versionCode: 'G',
      Infotoken: user.Infotoken,
    };
    const early = await post<{ successful: boolean; msg: string }>(API_PATHS.h5SendEmail, mailRequest);
    expect(early).toMatchObject({ status: 400, body: { successful: false, msg: H5_MESSAGES.requestMissing } });

    const request = {
      BaseID: entity.BaseId,
      VersionCode: 'G',
      Infotoken: user.Infotoken,
      CertNo: entity.CertNo,
      InquiryMode: '个人查询信用',
    };
    const notMine = await post(API_PATHS.h5EntityReportRequest, { ...request, BaseID: '999999' });
    expect(notMine).toMatchObject({ status: 403, body: { Msg: H5_MESSAGES.entityNotLinked } });
    expect((await post(API_PATHS.h5EntityReportRequest, { ...request, CertNo: '91350200MA2YJ1XR9G' })).status).toBe(
      400,
    );
    expect((await post(API_PATHS.h5EntityReportRequest, { ...request, InquiryMode: '其他' })).status).toBe(400);
    const recorded = await post<Success<{ RequestId: string }>>(API_PATHS.h5EntityReportRequest, request);
    expect(recorded.body.Success).toBe(true);
    const row = testApp.app.db
      .prepare(
        'SELECT entity_id, version_code, cert_no, inquiry_mode, infotoken_hash FROM h5_entity_report_requests WHERE request_id = ?',
      )
      .get(recorded.body.Data.RequestId) as Record<string, unknown>;
    expect(row).toMatchObject({
      entity_id: Number(entity.BaseId),
      version_code: 'G',
      cert_no: entity.CertNo,
      inquiry_mode: '个人查询信用',
    });
    expect(row.infotoken_hash).not.toBe(user.Infotoken);

    const empty = await post(API_PATHS.h5SendEmail, { ...mailRequest, email: ' ' });
    expect(empty).toMatchObject({ status: 400, body: { successful: false, msg: H5_MESSAGES.entityEmailEmpty } });
    const before = testApp.smtp.mails.length;
    const sent = await post<{ successful: boolean; msg: string; data: { ReportNumber: string } }>(
      API_PATHS.h5SendEmail,
      mailRequest,
    );
    expect(sent.body).toMatchObject({ successful: true, msg: H5_MESSAGES.entityMailSent });
    expect(testApp.smtp.mails).toHaveLength(before + 1);
    const attachment = pdfAttachment(testApp.smtp.mails.at(-1)!.raw)!;
    // The portal's enterprise credit report of that entity (names wrap inside table cells: match the code).
    const text = compact(await pdfText(attachment.content));
    expect(text).toContain('企业信用报告');
    expect(text).toContain(entity.SCCode);
    expect(text).toContain(`报告编号：${sent.body.data.ReportNumber}`);
  });

  it('says the mail failed when the SMTP server refuses it', async () => {
    // A refusing server rather than a closed port: a freed port may be another test's by then.
    const down = await startSmtp({ refuse: true });
    const broken = await buildTestApp({ seedAsOf: AS_OF, h5TestMode: true, smtpUrl: down.url });
    try {
      const login = await injectJson<Success<H5UserInfo>>(broken.app, {
        method: 'POST',
        url: API_PATHS.h5TestUserInfo,
        payload: DEMO,
      });
      const user = login.body.Data;
      const answer = await injectJson(broken.app, {
        method: 'POST',
        url: API_PATHS.h5ReportPdf,
        payload: reportRequest(user, { Email: 'lin@example.com' }),
      });
      expect(answer).toMatchObject({ status: 200, body: { Data: { Status: 0 }, Msg: H5_MESSAGES.reportMailFailed } });
      expect(down.mails).toHaveLength(0);
    } finally {
      await broken.close();
      await down.close();
    }
  });
});

describe('the outbox (no SMTP_URL)', () => {
  it('writes the mail and its PDF under DATA_DIR/outbox and lists it on /outbox', async () => {
    const local = await buildTestApp({ seedAsOf: AS_OF, h5TestMode: true });
    try {
      const login = await injectJson<Success<H5UserInfo>>(local.app, {
        method: 'POST',
        url: API_PATHS.h5TestUserInfo,
        payload: DEMO,
      });
      const sent = await injectJson(local.app, {
        method: 'POST',
        url: API_PATHS.h5ReportPdf,
        payload: reportRequest(login.body.Data, { Email: 'lin@example.com' }),
      });
      expect(sent.body).toMatchObject({ Data: { Status: 10 } });
      const files = await fs.readdir(path.join(local.dataDir, 'outbox'));
      expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
      const page = await local.app.inject({ method: 'GET', url: '/outbox' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('lin@example.com');
      expect(page.body).toContain('个人公共信用报告');
      const pdfName = files.find((f) => f.endsWith('.pdf'))!;
      const pdf = await local.app.inject({ method: 'GET', url: `/outbox/${pdfName}` });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await local.app.inject({ method: 'GET', url: '/outbox/..%2Fcredit.sqlite' })).statusCode).toBe(404);
    } finally {
      await local.close();
    }
  });
});

describe('logs', () => {
  it('write request URLs with their sensitive parameters masked', async () => {
    await testApp.app.inject({ method: 'GET', url: `/no-such-page?IdCard=${DEMO.IdCard}&type=1` });
    expect(testApp.logLines.some((line) => line.includes('/no-such-page?IdCard=[REDACTED]&type=1'))).toBe(true);
  });

  it('never show names, ID numbers, e-mail addresses or tokens', async () => {
    const user = await demoLogin();
    await get(API_PATHS.h5TestLogin, DEMO);
    await post(API_PATHS.h5IzLogin, { Infotoken: user.Infotoken });
    await post(
      API_PATHS.h5ReportPdf,
      reportRequest(user, { Email: 'secret.person@example.com', IdentityCard: '110105194912310029' }),
    );
    const text = testApp.logLines.join('\n');
    expect(testApp.logLines.length).toBeGreaterThan(10);
    for (const secret of [
      DEMO.Name,
      DEMO.IdCard,
      'secret.person',
      '110105194912310029',
      user.Infotoken,
      'lin.xiaoyun',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
