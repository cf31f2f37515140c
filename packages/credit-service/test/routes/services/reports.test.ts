import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  SERVICE_MESSAGES,
  type ApplicationPage,
  type MyBusiness,
  type ReportVerifyOutcome,
  type ThirdPartyReport,
} from '@credit-portal/shared';
import { addMonths, localToday } from '../../../src/lib/dates.js';
import { renderEnterpriseReport } from '../../../src/reports/report-service.js';
import { injectJson, type TestApp } from '../../helper.js';
import { compact, pdfText } from './pdf-text.js';
import { PNG } from './helper.js';
import { servicesTools, startServicesTest, type Answer } from './support.js';

/*
 * 信用服务's reports: the enterprise credit report issued and verified (by its code, its file and a
 * third party), refused when forged or altered, and the 专项信用报告 for its owner only.
 */

let t: TestApp;
let tokenA: string;
let tokenB: string;
const { call, upload, mine } = servicesTools(() => t);

beforeAll(async () => {
  ({ t, tokenA, tokenB } = await startServicesTest());
});
afterAll(() => t?.close());

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
    // The QR code's link names the number only: the code is printed beside it, never in an address.
    expect(text).toContain(`核验地址：http://portal.test/#/xyfw/verify?no=${reportNo}`);
    expect(text).not.toContain(`code=${code}`);
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
    const body = { entityId: clean.EntityId, ...period, areas: ['市场监管', '税务'] };
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
    expect(text).toContain('市场监管领域未发现行政处罚记录');
    // Only in the name of the certificate it replaces, never as a finding.
    expect(text.replaceAll('有无违法违规记录证明', '')).not.toContain('无违法违规记录');
  });

  it('renders the enterprise report for other parts of the service', async () => {
    const { pdf: bytes, reportNumber } = await renderEnterpriseReport(
      t.app.db,
      { portalUrl: 'http://portal.test/', signer: t.app.reportSigner, site: t.app.site },
      { entityId: entity.EntityId },
    );
    expect(reportNumber).toMatch(/^XYBG/);
    expect(compact(await pdfText(bytes))).toContain(reportNumber);
  });
});
