import {
  UPLOAD_FILE_FIELD,
  type ReportSignatureCheck,
  type ReportStatusOutcome,
  type ReportVerifyOutcome,
  type ThirdPartyReport,
} from '@credit-portal/shared';
import { SERVICES_HEADS } from '@credit-portal/shared/heads/services';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/**
 * Checks a report by its number and verification code (GET VerifyReport, public). A check that
 * did not pass (a mistyped number or code) is an answer, Verified false with the reason.
 */
export const verifyReport = (reportNo: string, code: string): Promise<ReportVerifyOutcome> =>
  call(SERVICES_HEADS.reportVerify, { query: { reportNo, code } });

/** The check of a number and code; nothing is asked for until both are given. */
export function useReportVerification(reportNo: string, code: string) {
  return useSWR(reportNo && code ? ([SERVICES_HEADS.reportVerify.path, reportNo, code] as const) : null, ([, no, c]) =>
    verifyReport(no, c),
  );
}

/**
 * Whether a report is still current (GET ReportStatus, public, by number and code): 有效, 已有更新
 * with each change's kind and day, or 无法确定 for a report issued before its coverage was kept.
 */
export const reportStatus = (reportNo: string, code: string): Promise<ReportStatusOutcome> =>
  call(SERVICES_HEADS.reportStatus, { query: { reportNo, code } });

/** The status of a number and code; nothing is asked for until both are given. Never revalidated on focus: a fresh check is the 重新查询 button's. */
export function useReportStatus(reportNo: string, code: string) {
  return useSWR(
    reportNo && code ? ([SERVICES_HEADS.reportStatus.path, reportNo, code] as const) : null,
    ([, no, c]) => reportStatus(no, c),
    { revalidateOnFocus: false },
  );
}

/** Checks a report's PDF too: byte for byte the one issued (POST VerifyReportFile, multipart, public). */
export function verifyReportFile(reportNo: string, code: string, file: File): Promise<ReportVerifyOutcome> {
  const form = new FormData();
  form.append('reportNo', reportNo);
  form.append('code', code);
  form.append(UPLOAD_FILE_FIELD, file, file.name);
  return call(SERVICES_HEADS.reportVerifyFile, { formData: form });
}

export interface ThirdPartyCheckRequest {
  creditCode: string;
  reportNo: string;
  code: string;
}

/** A report's content for an authorized third party: credit code + number + code (GET ThirdPartyCheck). */
export const checkReport = (query: ThirdPartyCheckRequest): Promise<ThirdPartyReport> =>
  call(SERVICES_HEADS.thirdPartyCheck, { query });

/** The check of a submitted request; none before the form is sent. */
export function useThirdPartyCheck(request: ThirdPartyCheckRequest | null) {
  return useSWR(request ? ([SERVICES_HEADS.thirdPartyCheck.path, request] as const) : null, ([, key]) =>
    checkReport(key),
  );
}

/**
 * Checks a report's PDF alone by its embedded SM2 signature against the published keys (POST
 * VerifyReportSignature, multipart, public): which key signed it, when, and the record.
 */
export function verifyReportSignature(file: File): Promise<ReportSignatureCheck> {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, file, file.name);
  return call(SERVICES_HEADS.reportVerifySignature, { formData: form });
}
