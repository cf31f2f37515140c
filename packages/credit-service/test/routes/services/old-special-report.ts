import type { ReportContent } from '../../../src/reports/content.js';
import { renderReportPdf, reportSigningMark } from '../../../src/reports/render.js';
import { sm2Payload, type ReportRecord } from '../../../src/reports/report-service.js';
import { canonicalJson, sha256Hex } from '../../../src/reports/signing.js';
import type { MadeEntity } from '../../factories.js';
import type { TestApp } from '../../helper.js';

/*
 * A 专项信用报告 as the service issued it before the applicant chose areas: every area of the list
 * of then, publicized penalties only, 无违法违规记录 in its conclusion, no `areas` and no `notes`.
 * The content is written here as the reader of then wrote it; the row is signed as it was then.
 */

/** The areas and departments as the reports of then printed them. */
const AREAS_OF_THEN = [
  ['市场监管', '市场监督管理部门'],
  ['生态环境', '生态环境部门'],
  ['住房城乡建设', '住房和城乡建设部门'],
  ['交通运输', '交通运输部门'],
  ['卫生健康', '卫生健康部门'],
  ['安全生产', '应急管理部门'],
  ['税务', '税务部门'],
  ['消防安全', '消防救援机构'],
  ['城市管理', '城市管理和综合执法部门'],
  ['烟草专卖', '烟草专卖部门'],
] as const;

function contentOfThen(record: ReportRecord, company: MadeEntity): ReportContent {
  const period = `在报告期内（${record.periodFrom}至${record.periodTo}）`;
  const rows = AREAS_OF_THEN.map(([area, dept], i) => [String(i + 1), area, dept, '无违法违规记录']);
  rows.push([String(rows.length + 1), '严重失信主体名单', '各认定部门', '未被列入']);
  return {
    reportNo: record.reportNo,
    reportType: 'special',
    generatedAt: record.generatedAt,
    periodFrom: record.periodFrom,
    periodTo: record.periodTo,
    entity: { id: String(company.id), name: company.name, creditCode: company.creditCode },
    basicInfo: [
      { label: '企业名称', value: company.name },
      { label: '统一社会信用代码', value: company.creditCode },
    ],
    conclusion: `经查询，${company.name}${period}于上述领域无违法违规记录，未被列入严重失信主体名单，截至报告生成时未被列入上述公示名单。`,
    sections: [
      { title: '各领域违法违规记录查询结果', columns: ['序号', '领域', '主管部门', '查询结果'], rows, emptyText: '' },
      {
        title: '行政处罚信息',
        columns: ['序号', '决定文书号', '处罚类别', '违法行为', '决定日期', '处罚机关', '公示截止', '状态'],
        rows: [],
        emptyText: '报告期内无公示期内的行政处罚信息',
      },
    ],
    findings: { licences: 0, penalties: 0, repairedPenalties: 0, redLists: 0, blackLists: 0, promises: 0 },
    summary: ['行政许可 0 条', '行政处罚 0 条', '守信激励（红名单）0 条', '失信惩戒（黑名单）0 条', '信用承诺 0 条'],
    scope: ['行政许可', '行政处罚', '守信激励（红名单）', '失信惩戒（黑名单）', '信用承诺'],
  };
}

/**
 * Rewrites the row of an issued 专项信用报告 (same number, code, period and coverage) as one issued
 * before areas were chosen: the content of then, its PDF rendered and signed, the record signed.
 */
export async function rewriteAsIssuedBefore(
  t: TestApp,
  reportNo: string,
  code: string,
  company: MadeEntity,
): Promise<{ content: ReportContent; pdf: Buffer }> {
  const record = t.app.db
    .prepare(
      `SELECT report_no AS reportNo, report_type AS reportType, entity_id AS entityId, period_from AS periodFrom,
         period_to AS periodTo, generated_at AS generatedAt, requested_by AS requestedBy, code_hash AS codeHash,
         key_id AS keyId, coverage FROM credit_reports WHERE report_no = ?`,
    )
    .get(reportNo) as ReportRecord;
  const content = contentOfThen(record, company);
  const signer = t.app.reportSigner;
  const at = new Date();
  const rendered = await renderReportPdf(
    content,
    code,
    'http://portal.test/',
    t.app.site.centreName,
    reportSigningMark(signer, reportNo, 'special', at, record.generatedAt, 'http://portal.test/'),
  );
  const { file: pdf, signature: pdfSignature } = signer.signPdf(rendered);
  const canonical = canonicalJson(content);
  const signed = {
    ...record,
    contentDigest: sha256Hex(canonical),
    pdfSha256: sha256Hex(pdf),
    keyId: signer.keyId,
    pdfSignature,
  };
  t.app.db
    .prepare(
      `UPDATE credit_reports SET content = @content, content_digest = @contentDigest, pdf_sha256 = @pdfSha256,
         pdf_signature = @pdfSignature, signature = @signature WHERE report_no = @reportNo`,
    )
    .run({
      reportNo,
      content: canonical,
      contentDigest: signed.contentDigest,
      pdfSha256: signed.pdfSha256,
      pdfSignature,
      signature: signer.signText(sm2Payload(signed)),
    });
  return { content, pdf };
}
