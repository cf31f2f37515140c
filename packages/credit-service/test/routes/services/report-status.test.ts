import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  REPORT_STATUS_NOTES,
  SERVICE_MESSAGES,
  type ReportStatusOutcome,
  type ReportVerifyOutcome,
} from '@credit-portal/shared';
import { DEMO_ACCOUNT } from '../../../src/demo/seed/index.js';
import { publishDemoPenalty } from '../../../src/demo/seed/publish.js';
import { localToday } from '../../../src/lib/dates.js';
import { runReviewCommand } from '../../../src/review/review-cli.js';
import { canonicalJson } from '../../../src/reports/signing.js';
import { entity, linkEntity, penalty, repairApplication, type MadeEntity } from '../../factories.js';
import { buildTestApp, injectJson, loginAs, type Answer, type TestApp } from '../../helper.js';
import { addReviewer } from '../../review/reviewer-helper.js';
import { compact, pdfText } from './pdf-text.js';

/*
 * A report's status (ReportStatus): 有效 at issue, 已有更新 once a penalty is published for the
 * entity or one it covered is repaired — naming the kind and the day of the change, never what it
 * says; one answer for an unknown number and a wrong code; reports issued before coverage was
 * kept still verify, and their status is judged by the records' days.
 */

let t: TestApp;
const today = localToday();

beforeAll(async () => {
  t = await buildTestApp({ portalUrl: 'http://portal.test/' });
  addReviewer(t.app.db, 'status.reviewer', '状态审核员');
});
afterAll(() => t?.close());

/** The first report of a service loads its fonts and keys: slow on a busy machine, so no tight limit. */
const SLOW = 180_000;

/** The enterprise report of the entity: its number and the code printed on it. */
async function issue(of: MadeEntity): Promise<{ reportNo: string; code: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: API_PATHS.enterpriseReport,
    payload: {
      entityId: String(of.id),
      periodFrom: `${Number(today.slice(0, 4)) - 3}${today.slice(4)}`,
      periodTo: today,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const text = compact(await pdfText(response.rawPayload));
  return { reportNo: String(response.headers['x-report-number']), code: /验证码([A-Z2-9]{8})/.exec(text)![1]! };
}

const status = (reportNo: string, code: string) =>
  injectJson<Answer<ReportStatusOutcome>>(t.app, {
    method: 'GET',
    url: API_PATHS.reportStatus,
    query: { reportNo, code },
  });

/** What the centre's reviewer does, on the console: accept, review and approve. */
function approve(applyNo: string): void {
  const io = { out: () => {}, err: (line: string) => expect.unreachable(line) };
  for (const action of ['accept', 'review', 'approve']) {
    expect(runReviewCommand(t.app.db, [applyNo, action, '--reviewer', 'status.reviewer'], io)).toBe(0);
  }
}

describe('report status', { timeout: SLOW }, () => {
  it('is 有效 at issue and 已有更新 once a new penalty is published, naming its kind and day only', async () => {
    const company = entity(t.app.db);
    penalty(t.app.db, company);
    const { reportNo, code } = await issue(company);
    const fresh = await status(reportNo, code);
    expect(fresh.status).toBe(200);
    const answered = await t.app.inject({ method: 'GET', url: API_PATHS.reportStatus, query: { reportNo, code } });
    expect(answered.headers['cache-control']).toBe('no-store');
    expect(fresh.body.Data).toMatchObject({
      Verified: true,
      Message: '',
      Status: {
        ReportNo: reportNo,
        EntName: company.name,
        State: 'current',
        StateLabel: '有效',
        Basis: 'coverage',
        Note: REPORT_STATUS_NOTES.current,
        Changes: [],
      },
    });
    // Lower case, as typed: the same report.
    expect((await status(reportNo.toLowerCase(), code.toLowerCase())).body.Data!.Status!.State).toBe('current');

    const published = publishDemoPenalty(t.app.db, company.id, today)!;
    const after = await status(reportNo, code);
    expect(after.body.Data!.Status).toMatchObject({
      State: 'updated',
      StateLabel: '已有更新',
      Note: REPORT_STATUS_NOTES.updated,
      Changes: [{ Kind: 'penaltyPublished', KindLabel: '新公示行政处罚', Date: today, Count: 1 }],
    });
    // Nothing of the new record: not its number, authority, conduct, content or amount.
    const record = t.app.db
      .prepare('SELECT CF_WSH, CF_CFJG, CF_WFXW, CF_NR, CF_SY, CF_NR_FK FROM penalties WHERE id = ?')
      .get(published.id) as Record<string, string | number | null>;
    const texts = Object.values(record)
      .map((value) => String(value ?? ''))
      // A short bare number (an amount of 200) could be part of a date: only what cannot be.
      .filter((value) => value.length >= 5 || /\D/.test(value));
    expect(texts.length).toBeGreaterThanOrEqual(4);
    for (const text of texts) expect(after.raw).not.toContain(text);
  });

  it('flips to 已有更新 when a penalty the report covered is repaired — not while the repair is only filed', async () => {
    const company = entity(t.app.db);
    linkEntity(t, 'user:1', company);
    const fined = penalty(t.app.db, company);
    const { reportNo, code } = await issue(company);
    const token = await loginAs(t.app, DEMO_ACCOUNT.mobile, DEMO_ACCOUNT.password);
    const filed = await repairApplication(t, token, fined.id);
    expect((await status(reportNo, code)).body.Data!.Status!.State).toBe('current');

    approve(filed.ApplyNo);
    const repairedOn = t.app.db.prepare('SELECT repaired_on FROM penalties WHERE id = ?').pluck().get(fined.id);
    expect(repairedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const { body, raw } = await status(reportNo, code);
    expect(body.Data!.Status).toMatchObject({
      State: 'updated',
      Changes: [{ Kind: 'penaltyRepaired', KindLabel: '行政处罚已信用修复', Date: repairedOn, Count: 1 }],
    });
    expect(raw).not.toContain(fined.docNo);
  });

  it('answers a wrong code exactly as an unknown number, and as VerifyReport does', async () => {
    const company = entity(t.app.db);
    const { reportNo, code } = await issue(company);
    const wrongCode = await status(
      reportNo,
      code.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
    );
    const unknown = await status(`${reportNo.slice(0, -1)}${(Number(reportNo.at(-1)) + 1) % 10}`, code);
    for (const failed of [wrongCode, unknown]) {
      expect(failed.status).toBe(200);
      expect(failed.body.Data).toEqual({ Verified: false, Message: SERVICE_MESSAGES.reportNotVerified, Status: null });
    }
    expect(wrongCode.raw).toBe(unknown.raw);
    const missing = await injectJson(t.app, { method: 'GET', url: API_PATHS.reportStatus, query: { reportNo } });
    expect(missing.status).toBe(400);
  });

  it('keeps verifying a report issued before coverage was kept, and judges its status by the records’ days', async () => {
    const company = entity(t.app.db);
    const { reportNo, code } = await issue(company);
    // As such a report was stored: no coverage, signed over the payload without its digest.
    const row = t.app.db
      .prepare(
        `SELECT report_no AS reportNo, report_type AS reportType, entity_id AS entityId, period_from AS periodFrom,
           period_to AS periodTo, generated_at AS generatedAt, requested_by AS requestedBy, code_hash AS codeHash,
           content_digest AS contentDigest, pdf_sha256 AS pdfSha256, key_id AS keyId, pdf_signature AS pdfSignature
         FROM credit_reports WHERE report_no = ?`,
      )
      .get(reportNo) as Record<string, string | number | null>;
    const signature = t.app.reportSigner.signText(canonicalJson({ ...row, signatureAlgorithm: 'SM2-with-SM3' }));
    t.app.db
      .prepare('UPDATE credit_reports SET coverage = NULL, signature = ? WHERE report_no = ?')
      .run(signature, reportNo);

    const verified = await injectJson<Answer<ReportVerifyOutcome>>(t.app, {
      method: 'GET',
      url: API_PATHS.reportVerify,
      query: { reportNo, code },
    });
    expect(verified.body.Data!.Verified).toBe(true);
    expect((await status(reportNo, code)).body.Data!.Status).toMatchObject({
      State: 'undetermined',
      StateLabel: '无法确定',
      Basis: 'dates',
      Note: REPORT_STATUS_NOTES.undetermined,
      Changes: [],
    });
    // A penalty decided after the day of issue cannot have been in it.
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    publishDemoPenalty(t.app.db, company.id, tomorrow);
    expect((await status(reportNo, code)).body.Data!.Status).toMatchObject({
      State: 'updated',
      Basis: 'dates',
      Note: REPORT_STATUS_NOTES.datesUpdated,
      Changes: [{ Kind: 'penaltyPublished', Date: tomorrow, Count: 1 }],
    });
  });

  it('refuses a coverage altered in the database', async () => {
    const company = entity(t.app.db);
    const { reportNo, code } = await issue(company);
    t.app.db
      .prepare(
        `UPDATE credit_reports SET coverage = json_set(coverage, '$.penalties', json('[1]')) WHERE report_no = ?`,
      )
      .run(reportNo);
    const { status: code409, body } = await status(reportNo, code);
    expect(code409).toBe(409);
    expect(body.Msg).toBe(SERVICE_MESSAGES.reportSignatureBad);
  });
});
