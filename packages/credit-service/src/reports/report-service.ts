import { randomInt } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import {
  formatVisitTime,
  normalizeKeyword,
  REPORT_PERIOD_MAX_YEARS,
  REPORT_TYPE_LABELS,
  SERVICE_MESSAGES,
  type ReportType,
  type ReportVerification,
  type ThirdPartyReport,
} from '@credit-portal/shared';
import { addMonths, localToday } from '../lib/dates.js';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors.js';
import { createAccountRepository } from '../repositories/account.js';
import { createReportContentReader, type ReportContent } from './content.js';
import { renderReportPdf } from './render.js';
import { canonicalJson, sameDigest, sha256Hex, sign, SIGNATURE_ALGORITHM } from './signing.js';

/*
 * Issues and verifies the enterprise credit report and the 专项信用报告 (issue 11). Each issued
 * report is a row of credit_reports: its canonical content, the SHA-256 of that content and of
 * the PDF, the hash of its verification code, and an HMAC-SHA256 signature over the record. A
 * verification checks the number, the code, the signature and — given the file — the PDF's bytes.
 */

export interface ReportSettings {
  /** The portal's address (ends with '/'): the QR code links to its verification page. */
  portalUrl: string;
  /** HMAC key; unset: a random key created once and kept in the database (service_secrets). */
  signingKey?: string;
}

export interface ReportOrder {
  entityId: string;
  /** yyyy-mm-dd; default: three years back from periodTo. */
  periodFrom?: string;
  /** yyyy-mm-dd; default: today. */
  periodTo?: string;
  /** The login that asked (the 专项信用报告's owner); null for the public enterprise report. */
  requestedBy?: string | null;
}

export interface IssuedReport {
  pdf: Buffer;
  reportNumber: string;
  /** The verification code printed on the report. */
  code: string;
  /** The file name to offer (Content-Disposition). */
  fileName: string;
}

interface ReportRecord {
  reportNo: string;
  reportType: ReportType;
  entityId: number;
  periodFrom: string;
  periodTo: string;
  generatedAt: string;
  requestedBy: string | null;
  codeHash: string;
  content: string;
  contentDigest: string;
  pdfSha256: string;
  signature: string;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const DEFAULT_PERIOD_YEARS = 3;

const isRealDay = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** The period asked for, checked: real days, from ≤ to ≤ today, at most REPORT_PERIOD_MAX_YEARS. */
export function checkPeriod(
  order: Pick<ReportOrder, 'periodFrom' | 'periodTo'>,
  today: string,
): { from: string; to: string } {
  const to = order.periodTo ?? today;
  const from = order.periodFrom ?? addMonths(to, -12 * DEFAULT_PERIOD_YEARS);
  if (!isRealDay(from) || !isRealDay(to) || from > to || to > today) {
    throw new BadRequestError(SERVICE_MESSAGES.reportPeriodInvalid);
  }
  if (from < addMonths(to, -12 * REPORT_PERIOD_MAX_YEARS))
    throw new BadRequestError(SERVICE_MESSAGES.reportPeriodTooLong);
  return { from, to };
}

const codeHash = (reportNo: string, code: string): string => sha256Hex(`${reportNo}:${code.trim().toUpperCase()}`);

/** Compared against when a number is unknown (no code hashes to it). */
const NO_CODE_HASH = '0'.repeat(64);

/** The fields of a record the signature covers (everything but the signature itself). */
const signedPayload = (record: Omit<ReportRecord, 'signature' | 'content'>): string =>
  canonicalJson({
    reportNo: record.reportNo,
    reportType: record.reportType,
    entityId: record.entityId,
    periodFrom: record.periodFrom,
    periodTo: record.periodTo,
    generatedAt: record.generatedAt,
    requestedBy: record.requestedBy,
    codeHash: record.codeHash,
    contentDigest: record.contentDigest,
    pdfSha256: record.pdfSha256,
  });

export function createReportService(db: Database, settings: ReportSettings) {
  const key = settings.signingKey ?? createAccountRepository(db).secret('report-signing');
  const reader = createReportContentReader(db);
  const insert = db.prepare(
    `INSERT INTO credit_reports (report_no, report_type, entity_id, period_from, period_to, generated_at, requested_by,
       code_hash, content, content_digest, pdf_sha256, signature)
     VALUES (@reportNo, @reportType, @entityId, @periodFrom, @periodTo, @generatedAt, @requestedBy, @codeHash, @content,
       @contentDigest, @pdfSha256, @signature)`,
  );
  const byNo = db.prepare(
    `SELECT report_no AS reportNo, report_type AS reportType, entity_id AS entityId, period_from AS periodFrom,
       period_to AS periodTo, generated_at AS generatedAt, requested_by AS requestedBy, code_hash AS codeHash,
       content, content_digest AS contentDigest, pdf_sha256 AS pdfSha256, signature
     FROM credit_reports WHERE report_no = ?`,
  );
  const exists = db.prepare('SELECT 1 FROM credit_reports WHERE report_no = ?');

  function newReportNo(type: ReportType, day: string): string {
    for (;;) {
      const candidate = `${type === 'special' ? 'ZXBG' : 'XYBG'}${day.replaceAll('-', '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
      if (exists.get(candidate) === undefined) return candidate;
    }
  }

  const newCode = (): string =>
    Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)]).join('');

  /** Generates, signs and records a report; 404 for an unknown entity, 400 for a bad period. */
  async function issue(type: ReportType, order: ReportOrder): Promise<IssuedReport> {
    const now = new Date();
    const today = localToday(now);
    const { from, to } = checkPeriod(order, today);
    const reportNo = newReportNo(type, today);
    const generatedAt = formatVisitTime(now);
    const content = reader.read({
      reportNo,
      reportType: type,
      generatedAt,
      entityId: order.entityId,
      periodFrom: from,
      periodTo: to,
      today,
    });
    if (!content) throw new NotFoundError(SERVICE_MESSAGES.entityNotFound);
    const code = newCode();
    const pdf = await renderReportPdf(content, code, settings.portalUrl);
    const canonical = canonicalJson(content);
    const record = {
      reportNo,
      reportType: type,
      entityId: Number(content.entity.id),
      periodFrom: from,
      periodTo: to,
      generatedAt,
      requestedBy: order.requestedBy ?? null,
      codeHash: codeHash(reportNo, code),
      contentDigest: sha256Hex(canonical),
      pdfSha256: sha256Hex(pdf),
    };
    insert.run({ ...record, content: canonical, signature: sign(key, signedPayload(record)) });
    const label = type === 'special' ? '专项信用报告' : '企业信用报告';
    return { pdf, reportNumber: reportNo, code, fileName: `${label}_${content.entity.name}_${reportNo}.pdf` };
  }

  /**
   * The record of a number and code, its signature checked; throws the Chinese reason otherwise.
   * An unknown number and a wrong code get one answer after the same work, so that issued
   * numbers cannot be found by trying them.
   */
  function checked(reportNo: string, code: string): { record: ReportRecord; content: ReportContent } {
    const number = reportNo.trim().toUpperCase();
    const record = byNo.get(number) as ReportRecord | undefined;
    const matches = sameDigest(codeHash(number, code), record?.codeHash ?? NO_CODE_HASH);
    if (!record || !matches) throw new NotFoundError(SERVICE_MESSAGES.reportNotVerified);
    const intact =
      sameDigest(sha256Hex(record.content), record.contentDigest) &&
      sameDigest(sign(key, signedPayload(record)), record.signature);
    if (!intact) throw new ConflictError(SERVICE_MESSAGES.reportSignatureBad);
    return { record, content: JSON.parse(record.content) as ReportContent };
  }

  function verification(record: ReportRecord, content: ReportContent, fileChecked: boolean): ReportVerification {
    return {
      ReportNo: record.reportNo,
      ReportType: record.reportType,
      ReportTypeLabel: REPORT_TYPE_LABELS[record.reportType],
      EntName: content.entity.name,
      CreditCode: content.entity.creditCode,
      PeriodFrom: record.periodFrom,
      PeriodTo: record.periodTo,
      GeneratedAt: record.generatedAt,
      Findings: content.findings,
      Summary: content.conclusion ? [content.conclusion, ...content.summary] : content.summary,
      ContentDigest: record.contentDigest,
      PdfSha256: record.pdfSha256,
      SignatureAlgorithm: SIGNATURE_ALGORITHM,
      FileChecked: fileChecked,
    };
  }

  return {
    issue,

    /** VerifyReport: number + code. */
    verify(reportNo: string, code: string): ReportVerification {
      const { record, content } = checked(reportNo, code);
      return verification(record, content, false);
    },

    /** VerifyReportFile: number + code + the PDF, which must be byte for byte the one issued. */
    verifyFile(reportNo: string, code: string, pdf: Buffer): ReportVerification {
      const { record, content } = checked(reportNo, code);
      if (!sameDigest(sha256Hex(pdf), record.pdfSha256)) throw new BadRequestError(SERVICE_MESSAGES.reportFileAltered);
      return verification(record, content, true);
    },

    /** ThirdPartyCheck: the credit code must be the report's entity's. */
    thirdParty(creditCode: string, reportNo: string, code: string): ThirdPartyReport {
      const { record, content } = checked(reportNo, code);
      if (normalizeKeyword(creditCode) !== content.entity.creditCode) {
        throw new BadRequestError(SERVICE_MESSAGES.reportCreditCodeMismatch);
      }
      return {
        Verification: verification(record, content, false),
        BasicInfo: content.basicInfo,
        Sections: content.sections,
      };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Issues and verifies credit reports (decorated in app.ts). */
    reports: ReportService;
  }
}

/**
 * The enterprise credit report of an entity over a period (default: the three years up to
 * today), issued and recorded like the portal's, for other parts of the service (the H5 app's
 * e-mailed entity report). Throws NotFoundError for an unknown entity, BadRequestError for a
 * bad period.
 */
export async function renderEnterpriseReport(
  db: Database,
  settings: ReportSettings,
  order: ReportOrder,
): Promise<{ pdf: Buffer; reportNumber: string }> {
  const { pdf, reportNumber } = await createReportService(db, settings).issue('enterprise', order);
  return { pdf, reportNumber };
}
