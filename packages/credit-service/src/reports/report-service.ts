import { randomInt } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import {
  formatBeijingTime,
  normalizeKeyword,
  REPORT_PERIOD_MAX_YEARS,
  REPORT_STATE_LABELS,
  REPORT_STATUS_NOTES,
  REPORT_TYPE_LABELS,
  SERVICE_MESSAGES,
  specialAreasRefusal,
  type ReportState,
  type ReportStatusOutcome,
  type ReportType,
  type ReportSignatureCheck,
  type ReportVerification,
  type ReportVerifyOutcome,
  type ThirdPartyReport,
} from '@credit-portal/shared';
import { addMonths, localToday } from '../lib/dates.js';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors.js';
import { createAccountRepository } from '../repositories/account.js';
import {
  PdfSignatureFormatError,
  SignatureInvalidError,
  type ReportSigner,
  type PdfSignatureCheck,
} from '../signing/report-signer.js';
import { SignatureCheckOverBudgetError } from '../signing/signature-checker.js';
import type { SiteIdentity } from '../lib/site.js';
import { createReportContentReader, type ReportContent } from './content.js';
import { createCoverageReader, type ReportCoverage } from './coverage.js';
import { isLoopbackUrl, LOOPBACK_PORTAL_MESSAGE } from './portal-address.js';
import { renderReportPdf, reportSigningMark } from './render.js';
import { canonicalJson, sameDigest, sha256Hex, sign, SIGNATURE_ALGORITHM } from './signing.js';

/*
 * Issues and verifies the enterprise credit report and the 专项信用报告. Each issued
 * report is a row of credit_reports: its canonical content, the SHA-256 of that content and of
 * the PDF, the hash of its verification code, and a signature over the record. Since SM2 signing the
 * PDF carries the centre's SM2/SM3 signature (src/signing) and the record is SM2-signed too
 * (signature_algorithm SM2-with-SM3, key_id); rows issued before keep their HMAC-SHA256 and keep
 * verifying by number and code. A verification checks the number, the code, the record's
 * signature and — given the file — the PDF's bytes and its embedded signature; a file alone is
 * checked by its embedded signature against the published keys (verifyPdf).
 */

export interface ReportSettings {
  /** The portal's address (ends with '/'): the QR code links to its verification page. */
  portalUrl: string;
  /** HMAC key of the rows issued before SM2; unset: the one kept in the database (service_secrets). */
  signingKey?: string;
  /** The centre's SM2 report-signing key (app.reportSigner). */
  signer: ReportSigner;
  /**
   * The demo stand-ins are on (DEMO_STANDINS): a loopback `portalUrl` is printed as it is. False: a
   * report that would print a loopback address is refused (portal-address.ts). Unset: not checked.
   */
  demo?: boolean;
  /** Who issues the reports and publishes the lists they print (app.site). */
  site: SiteIdentity;
}

export interface ReportOrder {
  entityId: string;
  /** yyyy-mm-dd; default: three years back from periodTo. */
  periodFrom?: string;
  /** yyyy-mm-dd; default: today. */
  periodTo?: string;
  /** The login that asked (the 专项信用报告's owner); null for the public enterprise report. */
  requestedBy?: string | null;
  /** 专项信用报告: the areas chosen (SPECIAL_REPORT_AREAS names, at least one, none twice). */
  areas?: readonly string[];
}

export interface IssuedReport {
  pdf: Buffer;
  reportNumber: string;
  /** The verification code printed on the report. */
  code: string;
  /** The file name to offer (Content-Disposition). */
  fileName: string;
  /** The id (fingerprint) of the SM2 key that signed it. */
  keyId: string;
}

export interface ReportRecord {
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
  /** HMAC-SHA256 (rows issued before SM2 signing) or SM2-with-SM3. */
  signatureAlgorithm: string;
  /** The SM2 key's id; null for HMAC rows. */
  keyId: string | null;
  /** The PDF's embedded SM2 signature (base64 DER); null for HMAC rows. */
  pdfSignature: string | null;
  /** What it covered (coverage.ts, canonical JSON); null for the reports issued before it was kept. */
  coverage: string | null;
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

export type SignedFields = Omit<
  ReportRecord,
  'signature' | 'content' | 'signatureAlgorithm' | 'keyId' | 'pdfSignature' | 'coverage'
>;

/** The fields of an HMAC record the signature covers (everything but the signature itself). */
const signedPayload = (record: SignedFields): string =>
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

/**
 * What an SM2 record's signature covers: the HMAC record's fields, the algorithm, key and the PDF's
 * signature, and the digest of its coverage when it has one (absent: the payload of the records
 * issued before is unchanged, so their signatures still verify).
 */
export const sm2Payload = (record: SignedFields & Pick<ReportRecord, 'keyId' | 'pdfSignature' | 'coverage'>): string =>
  canonicalJson({
    ...JSON.parse(signedPayload(record)),
    signatureAlgorithm: SM2_RECORD_ALGORITHM,
    keyId: record.keyId,
    pdfSignature: record.pdfSignature,
    coverageDigest: record.coverage === null ? undefined : sha256Hex(record.coverage),
  });

const SM2_RECORD_ALGORITHM = 'SM2-with-SM3';

export const REPORT_KIND_LABELS = {
  enterprise: '企业信用报告',
  special: '专项信用报告',
  personal: '个人公共信用报告',
} as const;
export type ReportKind = keyof typeof REPORT_KIND_LABELS;

/** Numbers of the H5 personal reports (GRXY…) and of the two reports here. */
export function reportKindOf(reportNo: string): ReportKind | null {
  if (/^XYBG\d{14}$/.test(reportNo)) return 'enterprise';
  if (/^ZXBG\d{14}$/.test(reportNo)) return 'special';
  if (/^GRXY\w+$/.test(reportNo)) return 'personal';
  return null;
}

export function createReportService(db: Database, settings: ReportSettings) {
  const { signer } = settings;
  let hmacKey: string | undefined = settings.signingKey;
  // Only the rows issued before SM2 signing need it: read (or made) on first use.
  const key = (): string => (hmacKey ??= createAccountRepository(db).secret('report-signing'));
  const { site } = settings;
  const reader = createReportContentReader(db, site);
  const coverageReader = createCoverageReader(db, site);
  // Refused rather than issued without its address: a bank relies on checking the report at the
  // centre's address, and a report that names none (or this machine) cannot be told from a
  // forgery. A 409, not a 503: the gateway shows a 4xx's message and counts no upstream failure.
  const refuseAll = settings.demo === false && isLoopbackUrl(settings.portalUrl);
  const insert = db.prepare(
    `INSERT INTO credit_reports (report_no, report_type, entity_id, period_from, period_to, generated_at, requested_by,
       code_hash, content, content_digest, pdf_sha256, signature, signature_algorithm, key_id, pdf_signature, coverage)
     VALUES (@reportNo, @reportType, @entityId, @periodFrom, @periodTo, @generatedAt, @requestedBy, @codeHash, @content,
       @contentDigest, @pdfSha256, @signature, @signatureAlgorithm, @keyId, @pdfSignature, @coverage)`,
  );
  const byNo = db.prepare(
    `SELECT report_no AS reportNo, report_type AS reportType, entity_id AS entityId, period_from AS periodFrom,
       period_to AS periodTo, generated_at AS generatedAt, requested_by AS requestedBy, code_hash AS codeHash,
       content, content_digest AS contentDigest, pdf_sha256 AS pdfSha256, signature,
       signature_algorithm AS signatureAlgorithm, key_id AS keyId, pdf_signature AS pdfSignature, coverage
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

  /** Generates, signs and records a report; 404 for an unknown entity, 400 for a bad period or areas. */
  async function issue(type: ReportType, order: ReportOrder): Promise<IssuedReport> {
    if (refuseAll) throw new ConflictError(LOOPBACK_PORTAL_MESSAGE);
    const now = new Date();
    const today = localToday(now);
    const { from, to } = checkPeriod(order, today);
    const areasRefused = type === 'special' ? specialAreasRefusal(order.areas ?? []) : null;
    if (areasRefused) throw new BadRequestError(areasRefused);
    const reportNo = newReportNo(type, today);
    const generatedAt = formatBeijingTime(now);
    // One read transaction: the coverage is of the same records as the content.
    const { content, coverage } = db.transaction(() => {
      const read = reader.read({
        reportNo,
        reportType: type,
        generatedAt,
        entityId: order.entityId,
        periodFrom: from,
        periodTo: to,
        today,
        areas: order.areas,
      });
      return { content: read, coverage: read ? coverageReader.read(Number(read.entity.id), today) : null };
    })();
    if (!content || !coverage) throw new NotFoundError(SERVICE_MESSAGES.entityNotFound);
    const code = newCode();
    const rendered = await renderReportPdf(
      content,
      code,
      settings.portalUrl,
      site.centreName,
      reportSigningMark(signer, reportNo, type, now, generatedAt, settings.portalUrl),
    );
    const { file: pdf, signature: pdfSignature } = signer.signPdf(rendered);
    const canonical = canonicalJson(content);
    const fields = {
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
    const record = { ...fields, keyId: signer.keyId, pdfSignature, coverage: canonicalJson(coverage) };
    insert.run({
      ...record,
      content: canonical,
      signatureAlgorithm: SM2_RECORD_ALGORITHM,
      signature: signer.signText(sm2Payload(record)),
    });
    const label = type === 'special' ? '专项信用报告' : '企业信用报告';
    return {
      pdf,
      reportNumber: reportNo,
      code,
      fileName: `${label}_${content.entity.name}_${reportNo}.pdf`,
      keyId: signer.keyId,
    };
  }

  /**
   * The record of a number and code, its signature checked; throws the Chinese reason otherwise.
   * An unknown number and a wrong code get one answer after the same work, so that issued
   * numbers cannot be found by trying them.
   */
  function checked(reportNo: string, code: string): { record: ReportRecord; content: ReportContent } {
    const found = lookup(reportNo, code);
    if (!found) throw new NotFoundError(SERVICE_MESSAGES.reportNotVerified);
    return found;
  }

  /** checked's record, or null for an unknown number or a wrong code (a broken record still throws 409). */
  function lookup(reportNo: string, code: string): { record: ReportRecord; content: ReportContent } | null {
    const number = reportNo.trim().toUpperCase();
    const record = byNo.get(number) as ReportRecord | undefined;
    const matches = sameDigest(codeHash(number, code), record?.codeHash ?? NO_CODE_HASH);
    if (!record || !matches) return null;
    const signatureIntact =
      record.signatureAlgorithm === SM2_RECORD_ALGORITHM
        ? record.keyId !== null && signer.verifyText(sm2Payload(record), record.signature, record.keyId)
        : record.signatureAlgorithm === SIGNATURE_ALGORITHM &&
          sameDigest(sign(key(), signedPayload(record)), record.signature);
    const intact = sameDigest(sha256Hex(record.content), record.contentDigest) && signatureIntact;
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
      SignatureAlgorithm: record.signatureAlgorithm,
      KeyId: record.keyId,
      FileChecked: fileChecked,
    };
  }

  /** The embedded signature of a file, checked; its Chinese reason as a 400 otherwise. */
  async function checkPdf(pdf: Buffer): Promise<PdfSignatureCheck> {
    try {
      return await signer.verifyPdf(pdf);
    } catch (error) {
      if (
        error instanceof PdfSignatureFormatError ||
        error instanceof SignatureInvalidError ||
        error instanceof SignatureCheckOverBudgetError
      ) {
        throw new BadRequestError(error.message);
      }
      throw error;
    }
  }

  return {
    issue,

    /** VerifyReport: number + code. */
    verify(reportNo: string, code: string): ReportVerifyOutcome {
      const found = lookup(reportNo, code);
      if (!found) return notVerified(SERVICE_MESSAGES.reportNotVerified);
      return verified(verification(found.record, found.content, false));
    },

    /** VerifyReportFile: number + code + the PDF, which must be byte for byte the one issued. */
    async verifyFile(reportNo: string, code: string, pdf: Buffer): Promise<ReportVerifyOutcome> {
      const found = lookup(reportNo, code);
      if (!found) return notVerified(SERVICE_MESSAGES.reportNotVerified);
      const { record, content } = found;
      if (!sameDigest(sha256Hex(pdf), record.pdfSha256)) return notVerified(SERVICE_MESSAGES.reportFileAltered);
      // The same bytes as issued: an SM2 report's embedded signature is checked too.
      if (record.signatureAlgorithm === SM2_RECORD_ALGORITHM) await checkPdf(pdf);
      return verified(verification(record, content, true));
    },

    /**
     * VerifyReportSignature: a file alone. Its embedded SM2 signature is checked against the
     * published keys; then the record of an enterprise report or 专项信用报告 is the one whose
     * PDF this is (a personal report has no record here: the file is its content).
     */
    async verifyPdf(pdf: Buffer): Promise<ReportSignatureCheck> {
      const { info, signedLength, key: signingKey } = await checkPdf(pdf);
      const reportNo = info.reportNo ?? '';
      const kind = reportKindOf(reportNo) ?? 'enterprise';
      let found: ReportVerification | null = null;
      if (kind !== 'personal') {
        const record = byNo.get(reportNo) as ReportRecord | undefined;
        if (record && sameDigest(sha256Hex(pdf), record.pdfSha256)) {
          found = verification(record, JSON.parse(record.content) as ReportContent, true);
        }
      }
      return {
        ReportNo: reportNo,
        ReportKind: kind,
        ReportKindLabel: REPORT_KIND_LABELS[kind],
        Algorithm: signingKey.algorithm,
        KeyId: signingKey.keyId,
        KeyCurrent: signingKey.current,
        KeyValidFrom: formatBeijingTime(new Date(signingKey.validFrom)),
        KeyValidTo: signingKey.validTo === null ? null : formatBeijingTime(new Date(signingKey.validTo)),
        SignedAt: formatBeijingTime(new Date(info.signedAt ?? '')),
        SignedLength: signedLength,
        Verification: found,
      };
    },

    /**
     * ReportStatus: number + code, then whether the entity's public record is what the report
     * covered — 有效 or 已有更新 with each change's kind and day, never its content. A report issued
     * before coverage was kept is compared by the records' days: 已有更新 when they show a change,
     * else 无法确定.
     */
    status(reportNo: string, code: string, now = new Date()): ReportStatusOutcome {
      const found = lookup(reportNo, code);
      if (!found) return { Verified: false, Message: SERVICE_MESSAGES.reportNotVerified, Status: null };
      const { record, content } = found;
      const today = localToday(now);
      let state: ReportState;
      let note: string;
      const basis = record.coverage === null ? 'dates' : 'coverage';
      const changes =
        record.coverage === null
          ? coverageReader.changedSince(record.entityId, record.generatedAt.slice(0, 10), record.generatedAt, today)
          : coverageReader.compare(record.entityId, JSON.parse(record.coverage) as ReportCoverage, today);
      if (changes.length > 0) {
        state = 'updated';
        note = basis === 'coverage' ? REPORT_STATUS_NOTES.updated : REPORT_STATUS_NOTES.datesUpdated;
      } else {
        state = basis === 'coverage' ? 'current' : 'undetermined';
        note = REPORT_STATUS_NOTES[state];
      }
      return {
        Verified: true,
        Message: '',
        Status: {
          ReportNo: record.reportNo,
          ReportTypeLabel: REPORT_TYPE_LABELS[record.reportType],
          EntName: content.entity.name,
          GeneratedAt: record.generatedAt,
          State: state,
          StateLabel: REPORT_STATE_LABELS[state],
          Basis: basis,
          Note: note,
          CheckedAt: formatBeijingTime(now),
          Changes: changes,
        },
      };
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
    /** Issues and verifies credit reports (decorated by plugins/reports.ts). */
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

/** A check that passed: what the report said. */
function verified(report: ReportVerification): ReportVerifyOutcome {
  return { Verified: true, Message: '', Report: report };
}

/** A check that did not pass, and why (an ordinary answer, not an HTTP error). */
function notVerified(message: string): ReportVerifyOutcome {
  return { Verified: false, Message: message, Report: null };
}
