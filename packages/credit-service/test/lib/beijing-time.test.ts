import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  type Application,
  type RepairPunishPage,
  type ReportSignatureCheck,
  type ReportVerifyOutcome,
} from '@credit-portal/shared';
import { createServicesRepository } from '../../src/repositories/services.js';
import { DEMO_ACCOUNT } from '../../src/demo/seed/index.js';
import { buildTestApp, injectJson, type TestApp } from '../helper.js';
import { compact, pdfText } from '../routes/services/pdf-text.js';
import { multipart, PDF } from '../routes/services/helper.js';

/*
 * Times the service stamps are read in Beijing time whatever zone the process runs in (TZ=UTC in
 * containers and CI): the clock is set to a UTC instant and the answers must show Beijing's wall
 * time. The day is today's, so that the seeded penalties are as repairable as on any other test day.
 */

interface Answer<T> {
  ErrorCode: number;
  Data: T | null;
  Msg: string;
}

let t: TestApp;
const day = new Date().toISOString().slice(0, 10);
const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Stops the clock at a UTC instant (Date only: timers and I/O keep running). */
function clockAt(iso: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

async function login(): Promise<string> {
  const { body } = await injectJson<Answer<{ JwtToken: string }>>(t.app, {
    method: 'POST',
    url: API_PATHS.login,
    payload: { Mobile: DEMO_ACCOUNT.mobile, Password: DEMO_ACCOUNT.password },
  });
  return body.Data!.JwtToken;
}

/** A penalty that can be repaired now, of a company linked to the demo account for the test. */
async function repairablePenalty(): Promise<string> {
  const ids = t.app.db
    .prepare(
      `SELECT DISTINCT p.entity_id FROM penalties p JOIN entities e ON e.id = p.entity_id
       WHERE p.CF_XDR_LB <> '自然人' AND p.CF_ZT = '正常' AND p.severity <> '轻微' AND p.repaired_on IS NULL
         AND e.ent_type NOT LIKE '%个体工商户%' AND p.entity_id NOT IN (SELECT entity_id FROM user_entities)
       ORDER BY p.entity_id`,
    )
    .pluck()
    .all() as number[];
  for (const id of ids) {
    const code = t.app.db.prepare('SELECT credit_code FROM entities WHERE id = ?').pluck().get(id) as string;
    const { body } = await injectJson<Answer<RepairPunishPage>>(t.app, {
      method: 'GET',
      url: API_PATHS.repairPunishSearch,
      query: { entNameOrPunishDocNo: code, pageSize: '50' },
    });
    const row = body.Data!.list.find((r) => r.Repairable);
    if (row) {
      createServicesRepository(t.app.db, t.app.site).linkEntity('user:1', id, '经办人');
      return row.id;
    }
  }
  throw new Error('no repairable penalty in the test data set');
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
    const punishId = await repairablePenalty();
    clockAt(`${day}T08:42:00Z`);
    const token = await login();
    const { payload, headers } = multipart(
      {
        punishId,
        purposeId: '1',
        contactName: '张三',
        contactPhone: '13812345678',
        description: '已缴清罚款并完成整改，申请信用修复。',
      },
      [{ name: '整改报告.pdf', content: PDF }],
    );
    headers.authorization = `Bearer ${token}`;
    const { status, body } = await injectJson<Answer<Application>>(t.app, {
      method: 'POST',
      url: API_PATHS.repairUpload,
      headers,
      payload,
    });
    expect(status, body.Msg).toBe(200);
    expect(body.Data!.SubmittedAt).toBe(`${day} 16:42:00`);
    expect(body.Data!.Steps[0]!.Time).toBe(`${day} 16:42:00`);
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
