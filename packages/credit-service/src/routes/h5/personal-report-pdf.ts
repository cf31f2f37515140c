import {
  buildReportSections,
  formatBeijingTime,
  maskIdNumber,
  maskName,
  type ReportTables,
} from '@credit-portal/shared';
import { ReportPdf } from '../../pdf/report-pdf.js';
import { reportSigningMark } from '../../reports/render.js';
import type { ReportSigner } from '../../signing/report-signer.js';
import { DESCRIPTION_TABLE, PERSONAL_VERSION } from '../../db/h5-report.js';

/** Who the personal report is about, as printed (masked). */
export interface PersonalReportSubject {
  name: string;
  idType: string;
  idNumber: string;
}

/** The centre's key and the portal's address, for the signature and its footer; the centre that issues it. */
export interface PersonalReportSigning {
  signer: ReportSigner;
  portalUrl: string;
  /** The issuing centre (app.site.centreName), in the metadata and under the title. */
  issuer: string;
}

/**
 * The personal public credit report as a PDF: the same sections the report page shows (built
 * from the same tables by the shared builder), the person masked, the report number on every page,
 * signed with the centre's SM2 key (metadata, footer and the signature block).
 */
export async function renderPersonalReportPdf(
  tables: ReportTables,
  subject: PersonalReportSubject,
  signing: PersonalReportSigning,
): Promise<Buffer> {
  const built = buildReportSections(tables, PERSONAL_VERSION);
  const now = new Date();
  const pdf = new ReportPdf({
    signing: reportSigningMark(
      signing.signer,
      built.reportNumber,
      'personal',
      now,
      formatBeijingTime(now),
      signing.portalUrl,
    ),
    title: '个人公共信用报告',
    reportNumber: built.reportNumber,
    author: signing.issuer,
    subject: `个人公共信用报告 ${built.reportNumber}`,
  });
  pdf.title('个人公共信用报告', signing.issuer);
  pdf.keyValues(
    [
      ['报告编号', built.reportNumber],
      ['查询日期', built.queryDate],
      ['姓名', maskName(subject.name)],
      ['证件类型', subject.idType],
      ['证件号码', maskIdNumber(subject.idNumber)],
      ['报告用途', '个人查询信用'],
    ],
    2,
  );
  for (const section of built.sections) {
    pdf.heading(section.count > 1 ? `${section.title}（${section.count}条）` : section.title);
    if (section.empty) {
      pdf.paragraph('暂无信息', { muted: true });
      continue;
    }
    for (const item of section.items) {
      pdf.paragraph(item.title, { bold: true });
      if (item.insurance) {
        for (const month of item.insurance) {
          pdf.keyValues(
            [
              ['缴费单位', month.payer],
              ['缴费时间', month.paymentTime],
            ],
            2,
          );
          pdf.table(
            [
              { header: '险种', weight: 2 },
              { header: '个人缴费金额（元）', weight: 2, align: 'right' },
              { header: '单位缴费金额（元）', weight: 2, align: 'right' },
            ],
            month.items.map((entry) => [entry.coverage, entry.personal, entry.unit]),
          );
        }
        if (item.insurance.length === 0) pdf.paragraph('暂无信息', { muted: true });
        continue;
      }
      if (item.displayMode === '1') continue;
      pdf.table(
        item.columns.map((column) => ({ header: column, weight: Math.max(2, Math.min(5, column.length)) })),
        item.rows.map((row) => item.columns.map((column) => row[column] ?? '')),
        { emptyText: '暂无信息' },
      );
    }
  }
  const notes = tables.Tables.find((table) => table.TableName === DESCRIPTION_TABLE);
  if (notes && notes.Rows.length > 0) {
    pdf.heading('报告说明');
    notes.Rows.forEach((row, i) => pdf.paragraph(`${i + 1}. ${String(row['说明'] ?? '')}`, { muted: true }));
  }
  return signing.signer.signPdf(await pdf.finish()).file;
}
