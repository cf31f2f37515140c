import { H5, buildReportSections, type BuiltReport, type H5UserInfo, type ReportTables } from '@credit-portal/shared';
import { H5_HEADS } from '@credit-portal/shared/heads/h5';
import useSWR from 'swr';
import { call } from '@/lib/api-client';
import { H5DataError } from './h5-data-error';

/** The report request of spec §3; an empty ReportNumber asks for a new report. */
const reportRequest = (user: H5UserInfo, ReportNumber = '') => ({
  Infotoken: user.Infotoken,
  UserName: user.Name,
  IdentityCard: user.IdCard,
  VersionCode: 'C' as const,
  ReportNumber,
});

function parseTables(text: string | undefined): ReportTables {
  try {
    const parsed = JSON.parse(text ?? '') as ReportTables;
    if (Array.isArray(parsed?.Tables)) return parsed;
  } catch {
    // Reported below.
  }
  throw new H5DataError('report data has no tables');
}

/** The personal report (POST {report service}/user/GetGRXYReportData, Status 10) as sections. */
export async function getReportData(user: H5UserInfo): Promise<BuiltReport> {
  const data = await call(H5_HEADS.h5ReportData, { body: reportRequest(user) });
  return buildReportSections(parseTables(data.Data), H5.versionCode);
}

export function useReportData(user: H5UserInfo | undefined) {
  return useSWR(user ? [H5_HEADS.h5ReportData.path, user.Infotoken] : null, () => getReportData(user!), {
    shouldRetryOnError: false,
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}

/** E-mails the report on the page (its number) as a PDF (GetGRXYReportPDF); resolves when Status is 10. */
export async function sendReportPdf(user: H5UserInfo, reportNumber: string, Email: string): Promise<void> {
  await call(H5_HEADS.h5ReportPdf, { body: { ...reportRequest(user, reportNumber), Email } });
}
