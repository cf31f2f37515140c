import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS, type ReportSignatureCheck, type ReportVerifyOutcome } from '@credit-portal/shared';
import { DEMO_ACCOUNT } from '../../src/demo/seed/index.js';
import { entity, linkEntity, penalty, repairApplication } from '../factories.js';
import { buildTestApp, injectJson, loginAs, type Answer, type TestApp } from '../helper.js';
import { multipart } from '../routes/services/helper.js';
import { compact, pdfText } from '../routes/services/pdf-text.js';

/*
 * Times the service stamps are read in Beijing time whatever zone the process runs in (TZ=UTC in
 * containers and CI): the clock is set to a UTC instant and the answers must show Beijing's wall
 * time. The day is today's, so that a penalty decided a year ago is repairable.
 */

let t: TestApp;
const day = new Date().toISOString().slice(0, 10);
const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Stops the clock at a UTC instant (Date only: timers and I/O keep running). */
function clockAt(iso: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

const login = (): Promise<string> => loginAs(t.app, DEMO_ACCOUNT.mobile, DEMO_ACCOUNT.password);

/** A penalty that can be repaired now, of a company of its own linked to the demo account. */
function repairablePenalty(): string {
  const company = entity(t.app.db);
  linkEntity(t, 'user:1', company);
  return String(penalty(t.app.db, company).id);
}

/** The enterprise report of the first entity over the year up to `periodTo`. */
async function enterpriseReport(
  periodTo: string,
): Promise<{ pdf: Buffer; text: string; reportNo: string; code: string }> {
  const entityId = String(t.app.db.prepare('SELECT id FROM entities ORDER BY id LIMIT 1').pluck().get());
  const periodFrom = `${Number(periodTo.slice(0, 4)) - 1}${periodTo.slice(4)}`;
  const response = await t.app.inject({
    method: 'POST',
    url: API_PATHS.enterpriseReport,
    payload: { entityId, periodFrom, periodTo },
  });
  expect(response.statusCode, response.body).toBe(200);
  const pdf = response.rawPayload;
  const text = compact(await pdfText(pdf));
  return {
    pdf,
    text,
    reportNo: String(response.headers['x-report-number']),
    code: /验证码([A-Z2-9]{8})/.exec(text)![1]!,
  };
}

beforeAll(async () => {
  t = await buildTestApp({ portalUrl: 'http://portal.test/' });
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await t?.close();
});

describe('server-stamped times in Beijing time', () => {
  it('stamps a filing’s timeline at 08:42 UTC as 16:42', async () => {
    const punishId = repairablePenalty();
    clockAt(`${day}T08:42:00Z`);
    const token = await login();
    const filed = await repairApplication(t, token, punishId);
    expect(filed.SubmittedAt).toBe(`${day} 16:42:00`);
    expect(filed.Steps[0]!.Time).toBe(`${day} 16:42:00`);
  });

  it('prints a report’s 生成时间 and 签名时间 in Beijing time, labelled, as its verification answers', async () => {
    // Tomorrow (UTC): after the signing key's start, which is the app's.
    clockAt(`${nextDay}T08:42:07Z`);
    const { pdf, text, reportNo, code } = await enterpriseReport(nextDay);
    const beijing = `${nextDay} 16:42:07`;
    expect(text).toContain(`生成时间${compact(beijing)}（北京时间）`);
    expect(text).toContain(`签名时间：${compact(beijing)}（北京时间）`);
    const verified = await injectJson<Answer<ReportVerifyOutcome>>(t.app, {
      method: 'GET',
      url: API_PATHS.reportVerify,
      query: { reportNo, code },
    });
    expect(verified.body.Data!.Report!.GeneratedAt).toBe(beijing);
    const signature = await injectJson<Answer<ReportSignatureCheck>>(t.app, {
      method: 'POST',
      url: API_PATHS.reportVerifySignature,
      ...multipart({}, [{ name: 'report.pdf', content: pdf, type: 'application/pdf' }]),
    });
    expect(signature.status, signature.body.Msg).toBe(200);
    expect(signature.body.Data!.SignedAt).toBe(beijing);
    expect(signature.body.Data!.Verification!.GeneratedAt).toBe(beijing);
  });

  it('numbers a report issued after 16:00 UTC with the next Beijing day', async () => {
    clockAt(`${day}T17:00:00Z`);
    const { reportNo, text } = await enterpriseReport(nextDay);
    expect(reportNo.slice(4, 12)).toBe(nextDay.replaceAll('-', ''));
    expect(text).toContain(`生成时间${nextDay}01:00:00（北京时间）`);
  });
});
