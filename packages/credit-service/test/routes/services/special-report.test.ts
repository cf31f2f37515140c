import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  SERVICE_MESSAGES,
  SPECIAL_REPORT_AREA_MESSAGES,
  SPECIAL_REPORT_AREAS,
  type ReportStatusOutcome,
  type ReportVerifyOutcome,
} from '@credit-portal/shared';
import { addMonths, localToday } from '../../../src/lib/dates.js';
import type { ReportContent } from '../../../src/reports/content.js';
import { account, entity, linkEntity, penalty, type MadeEntity } from '../../factories.js';
import { auditTools } from '../../audit/support.js';
import type { TestApp } from '../../helper.js';
import { compact, pdfText } from './pdf-text.js';
import { rewriteAsIssuedBefore } from './old-special-report.js';
import { servicesTools, startServicesTest } from './support.js';

/*
 * The 专项信用报告 checks the areas its applicant chose (发改财金〔2025〕565号, part 一: penalties
 * by the simplified procedure included): only those areas in its content and PDF, every penalty of
 * their departments in the period (轻微 and past publicity included), the conclusion worded from
 * what was found; bad areas refused with the 400 envelope; the reports issued before keep verifying.
 */

let t: TestApp;
let tokenB: string;
let owner: { token: string };
let company: MadeEntity;
const { call, upload } = servicesTools(() => t);
const { records } = auditTools(() => t);
const today = localToday();
const period = { periodFrom: addMonths(today, -36), periodTo: today };
const TAX_OFFICE = '国家税务总局测试市税务局';
const MARKET_OFFICE = '测试市市场监督管理局';

beforeAll(async () => {
  ({ t, tokenB } = await startServicesTest());
  const made = await account(t);
  owner = made;
  company = entity(t.app.db);
  const id = t.app.db.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(made.mobile) as number;
  linkEntity(t, `user:${id}`, company);
  // A general penalty of the market regulator, past its publicity period: the enterprise report leaves it out.
  const decided = addMonths(today, -24);
  penalty(t.app.db, company, { authority: MARKET_OFFICE, decidedOn: decided, publicUntil: addMonths(decided, 6) });
});
afterAll(() => t?.close());

/** Issues the special report as `token` asks; the answer, its PDF's text and its stored content. */
async function issue(areas: unknown, token = owner.token) {
  const response = await t.app.inject({
    method: 'POST',
    url: API_PATHS.specialReport,
    payload: { entityId: String(company.id), ...period, ...(areas === undefined ? {} : { areas }) },
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.statusCode !== 200) {
    return { status: response.statusCode, body: response.json<{ ErrorCode: number; Msg: string }>() };
  }
  const reportNo = String(response.headers['x-report-number']);
  const text = compact(await pdfText(response.rawPayload));
  const stored = t.app.db.prepare('SELECT content FROM credit_reports WHERE report_no = ?').pluck().get(reportNo);
  return {
    status: 200,
    reportNo,
    pdf: response.rawPayload,
    text,
    code: /验证码([A-Z2-9]{8})/.exec(text)![1]!,
    content: JSON.parse(String(stored)) as ReportContent,
  };
}

type Issued = Extract<Awaited<ReturnType<typeof issue>>, { reportNo: string }>;

/** The penalty section's rows as document number, area, authority, severity and publicity. */
const penaltyRows = (report: Issued) =>
  report.content.sections
    .find((section) => section.title === '所选领域行政处罚信息')!
    .rows.map((row) => [row[2], row[1], row[6], row[7], row[8]]);

async function issued(areas: string[]): Promise<Issued> {
  const answer = await issue(areas);
  expect(answer.status, JSON.stringify(answer)).toBe(200);
  return answer as Issued;
}

describe('the 专项信用报告', () => {
  it('checks only the areas chosen, and every penalty of their departments in the period', async () => {
    const report = await issued(['税务', '市场监管']);
    expect(report.content.areas!.map((area) => area.area)).toEqual(['市场监管', '税务']);
    // The choice is on the audit record of the issue, as asked.
    const audited = (await records()).find((record) => record.details?.['reportNumber'] === report.reportNo);
    expect(audited).toMatchObject({
      event: 'report.issued',
      details: { type: 'special', areas: ['税务', '市场监管'] },
    });
    const [market, tax] = report.content.areas!;
    expect(market).toMatchObject({ penalties: 1, minor: 0, pastPublicity: 1, repaired: 0 });
    expect(tax).toMatchObject({ penalties: 0, result: '未发现行政处罚记录' });
    // The areas' table, the penalty section and the conclusion name the chosen areas only.
    const areaTable = report.content.sections[0]!;
    expect(areaTable.title).toBe('所选领域查询结果');
    expect(areaTable.rows.slice(0, 2).map((row) => row[1])).toEqual(['市场监管', '税务']);
    for (const other of SPECIAL_REPORT_AREAS.filter((area) => !['市场监管', '税务'].includes(area.area))) {
      expect(report.text).not.toContain(other.dept);
      expect(areaTable.rows.map((row) => row[1])).not.toContain(other.area);
    }
    expect(penaltyRows(report)).toEqual([[expect.any(String), '市场监管', MARKET_OFFICE, '一般', '已过公示期']]);
    expect(report.content.conclusion).toContain('市场监管领域有行政处罚 1 条（一般 1 条；其中已过公示期 1 条）');
    expect(report.content.conclusion).toContain('税务领域未发现行政处罚记录');
    expect(report.content.conclusion).not.toContain('无违法违规记录');
    // The basis is cited in the notes printed in the PDF.
    expect(report.text).toContain('发改财金〔2025〕565号');
    expect(report.text).toContain('含简易程序作出的行政处罚');
    expect(report.text).toContain('未查询该两类信息');
  });

  it('counts a 轻微 penalty of an area’s department in the conclusion, as the rule includes the simplified procedure', async () => {
    const before = await issued(['税务']);
    expect(before.content.conclusion).toContain('税务领域未发现行政处罚记录');
    expect(before.content.findings.penalties).toBe(0);

    const decided = addMonths(today, -3);
    const minor = penalty(t.app.db, company, {
      severity: '轻微',
      authority: TAX_OFFICE,
      decidedOn: decided,
      publicUntil: decided,
    });
    const after = await issued(['税务']);
    expect(after.content.areas).toEqual([
      expect.objectContaining({ area: '税务', penalties: 1, minor: 1, result: '行政处罚 1 条（轻微 1 条）' }),
    ]);
    expect(after.content.conclusion).toContain('税务领域有行政处罚 1 条（轻微 1 条）');
    expect(after.content.conclusion).toContain('含简易程序作出的轻微违法行为处罚');
    expect(after.content.findings.penalties).toBe(1);
    // Listed, the market regulator's penalty not: its area was not chosen.
    expect(penaltyRows(after)).toEqual([[minor.docNo, '税务', TAX_OFFICE, '轻微', '轻微违法，依规不予公示']]);
    expect(after.text).toContain('轻微违法，');
  });

  it('refuses areas missing, empty, unknown or repeated with the 400 envelope, and issues nothing', async () => {
    const count = () => t.app.db.prepare('SELECT COUNT(*) FROM credit_reports').pluck().get() as number;
    const before = count();
    for (const [areas, message] of [
      [undefined, SPECIAL_REPORT_AREA_MESSAGES.none],
      [[], SPECIAL_REPORT_AREA_MESSAGES.none],
      [['火星'], SPECIAL_REPORT_AREA_MESSAGES.unknown('火星')],
      [['税务', '税务'], SPECIAL_REPORT_AREA_MESSAGES.repeated('税务')],
      [['税务', { area: '税务' }], '参数错误：areas.1 应为字符串'],
    ] as const) {
      const answer = await issue(areas);
      expect(answer, JSON.stringify(areas)).toMatchObject({ status: 400, body: { ErrorCode: 400, Msg: message } });
    }
    expect(count()).toBe(before);
  });

  it('is issued to its owner only', async () => {
    const other = await issue(['税务'], tokenB);
    expect(other).toMatchObject({ status: 403, body: { Msg: SERVICE_MESSAGES.notMyBusiness } });
  });

  it('verifies, and its status follows the coverage, with the areas in its content', async () => {
    const report = await issued(['市场监管']);
    const verified = await call<ReportVerifyOutcome>('GET', API_PATHS.reportVerify, {
      query: { reportNo: report.reportNo, code: report.code },
    });
    expect(verified.body.Data!.Verified).toBe(true);
    expect(verified.body.Data!.Report!.Summary[0]).toBe(report.content.conclusion);
    const status = await call<ReportStatusOutcome>('GET', API_PATHS.reportStatus, {
      query: { reportNo: report.reportNo, code: report.code },
    });
    expect(status.body.Data!.Status).toMatchObject({ State: 'current', Basis: 'coverage' });
  });

  it('keeps verifying and rendering a report issued before the areas were chosen', async () => {
    const report = await issued(['市场监管']);
    const old = await rewriteAsIssuedBefore(t, report.reportNo, report.code, company);
    const verified = await call<ReportVerifyOutcome>('GET', API_PATHS.reportVerify, {
      query: { reportNo: report.reportNo, code: report.code },
    });
    expect(verified.body.Data).toMatchObject({ Verified: true });
    expect(verified.body.Data!.Report!.Summary[0]).toBe(old.content.conclusion);
    const file = await upload<ReportVerifyOutcome>(
      API_PATHS.reportVerifyFile,
      undefined,
      { reportNo: report.reportNo, code: report.code },
      [{ name: 'report.pdf', content: old.pdf }],
    );
    expect(file.status, file.body.Msg).toBe(200);
    expect(file.body.Data!.Report!.FileChecked).toBe(true);
    // Rendered as it was then: its own conclusion and the note on publicized penalties.
    const text = compact(await pdfText(old.pdf));
    expect(text).toContain('各领域违法违规记录查询结果');
    expect(text).toContain('仅列示报告期内作出且仍在公示期内的记录');
    expect(text).not.toContain('发改财金〔2025〕565号第一部分');
  });
});
