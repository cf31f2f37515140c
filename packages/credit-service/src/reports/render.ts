import { labelBeijingTime, REPORT_TYPE_LABELS, reportVerifyUrl } from '@credit-portal/shared';
import { qrPng } from '../pdf/qr.js';
import { ReportPdf, type ReportSigningMark, type TableColumn } from '../pdf/report-pdf.js';
import type { ReportSigner } from '../signing/report-signer.js';
import type { ReportContent } from './content.js';

/** 一 … 二十: a report has up to sixteen headings since each public list has its own section. */
const CHINESE_ORDINALS = [
  ...['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'],
  ...['十一', '十二', '十三', '十四', '十五', '十六', '十七', '十八', '十九', '二十'],
];

/** Relative column widths by header; columns not named here get 2. */
const COLUMN_WEIGHTS: Readonly<Record<string, number>> = {
  序号: 1.15,
  决定文书号: 3,
  许可文书号: 3,
  违法行为: 3,
  列入事由: 3.4,
  承诺内容: 7,
  查询结果: 3.4,
  状态: 1.4,
  违法程度: 1.6,
  公示情况: 2.2,
  决定日期: 1.9,
  公示截止: 1.9,
  列入日期: 1.9,
  有效期至: 1.9,
  承诺日期: 1.9,
  记录内容: 5,
  '文书（案）号': 2.6,
};

/** What the enterprise report (and the 专项信用报告 issued before areas were chosen) says of its penalties. */
const PUBLICIZED_PENALTIES_NOTE =
  '行政处罚信息仅列示报告期内作出且仍在公示期内的记录（轻微违法行为依规不予公示）；已完成信用修复的记录标注“已修复”，不再对外公示。';

/** Where the public keys are published, on the portal (docs/VERIFY.md). */
export const reportKeysUrl = (portalUrl: string): string =>
  `${portalUrl.replace(/\/*$/, '/')}.well-known/credit-report-keys.json`;

/**
 * What a report to be signed by `signer` says of its signature (metadata and footer): the report
 * number, its kind, the key's fingerprint, the signing time and how to verify. `at` goes into the
 * metadata as UTC; `printedAt` is the same moment in Beijing time, printed with its label.
 */
export function reportSigningMark(
  signer: Pick<ReportSigner, 'keyId' | 'algorithm'>,
  reportNumber: string,
  kind: 'enterprise' | 'special' | 'personal',
  at: Date,
  printedAt: string,
  portalUrl: string,
): ReportSigningMark {
  return {
    reportNumber,
    kind,
    keyId: signer.keyId,
    algorithm: signer.algorithm,
    signedAtIso: at.toISOString(),
    signedAt: labelBeijingTime(printedAt),
    howToVerify: `核验：在信用门户“报告核验”页上传本文件，或以 ${reportKeysUrl(portalUrl)} 公布的公钥用 OpenSSL 离线核验`,
  };
}

/**
 * The PDF of a report: title, the report's number, time, period and verification code with a QR
 * code to the portal's verification page, the registration, each section as a table, and notes;
 * `issuer` is the centre's name (app.site), printed under the title and in the notes.
 */
export async function renderReportPdf(
  content: ReportContent,
  code: string,
  portalUrl: string,
  issuer: string,
  signing?: ReportSigningMark,
): Promise<Buffer> {
  const special = content.reportType === 'special';
  const title = special ? '专项信用报告' : '企业信用报告';
  const pdf = new ReportPdf({
    title: `${title}（${content.entity.name}）`,
    reportNumber: content.reportNo,
    author: issuer,
    subject: REPORT_TYPE_LABELS[content.reportType],
    signing,
  });
  pdf.title(title, special ? '（代替有无违法违规记录证明）' : issuer);
  pdf.keyValues(
    [
      ['报告编号', content.reportNo],
      ['生成时间', labelBeijingTime(content.generatedAt)],
      ['报告期间', `${content.periodFrom} 至 ${content.periodTo}`],
      ['验证码', code],
    ],
    2,
  );
  // The address names the number only: the code is typed in from this page, never carried in a link.
  const url = reportVerifyUrl(portalUrl, content.reportNo);
  pdf.qrCode(await qrPng(url), [
    '扫描二维码打开信用门户“报告核验”页面（已填入报告编号），输入上方验证码，可核验本报告的真实性、查看报告所载内容摘要，并查询报告当前状态（有效或已有更新）。',
    `核验地址：${url}`,
  ]);

  let ordinal = 0;
  const heading = (text: string) => pdf.heading(`${CHINESE_ORDINALS[ordinal++] ?? ordinal}、${text}`);

  heading('基本信息');
  pdf.keyValues(
    content.basicInfo.map(({ label, value }) => [label, value] as const),
    2,
  );
  // Every source searched is named, so that a reader knows what 无 was found in.
  if (content.scope) pdf.paragraph(`查询范围：${content.scope.join('、')}。`);
  if (special) {
    heading('查询结论');
    pdf.paragraph(content.conclusion, { bold: true });
  }
  for (const section of content.sections) {
    heading(section.title);
    const columns: TableColumn[] = section.columns.map((header) => ({
      header,
      weight: COLUMN_WEIGHTS[header] ?? 2,
      align: header === '序号' ? 'center' : 'left',
    }));
    pdf.table(columns, section.rows, { emptyText: section.emptyText });
  }
  heading('说明');
  const notes = [
    `本报告由${issuer}根据各部门归集至公共信用信息平台的信息生成，反映截至生成时间的记录。`,
    // A 专项信用报告's own notes (what was searched and on which basis) are stored with it; the
    // reports issued before keep the note they were printed with.
    ...(content.notes ?? [PUBLICIZED_PENALTIES_NOTE]),
    '红黑名单列示在报告期内处于有效期的名单信息；信用承诺列示报告期内作出并已公示的承诺；其他公示名单列示报告生成时信用门户公示的该主体全部记录及其状态，不限于报告期。',
    `本报告所载内容摘要：${content.summary.join('；')}。`,
    `本报告经${issuer}以 SM2 电子签名（GB/T 32918，签名密钥指纹见页脚），内容以核验结果为准：可在信用门户“报告核验”页上传本文件核验，或以 ${reportKeysUrl(portalUrl)} 公布的公钥用 OpenSSL 离线核验；对报告内容有异议的，可通过信用门户“信用异议”申请核查。`,
  ];
  notes.forEach((note, i) => pdf.paragraph(`${i + 1}. ${note}`, { muted: true }));
  return pdf.finish();
}
