import type { AnnualReport, AnnualReportSummary } from '@credit-portal/shared';
import { ANNUAL_REPORTS_HEADS } from '@credit-portal/shared/heads/annual-reports';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches the annual reports, newest first (POST /Cms/nb/list). */
export function getAnnualReports(): Promise<AnnualReportSummary[]> {
  return call(ANNUAL_REPORTS_HEADS.annualReportList, { body: {} });
}

export const annualReportsKey = () => [ANNUAL_REPORTS_HEADS.annualReportList.path] as const;

export function useAnnualReports() {
  return useSWR(annualReportsKey(), getAnnualReports);
}

/** Fetches one year's report (POST /Cms/nb/detail). */
export function getAnnualReport(year: number): Promise<AnnualReport> {
  return call(ANNUAL_REPORTS_HEADS.annualReportDetail, { body: { year } });
}

export const annualReportKey = (year: number) => [ANNUAL_REPORTS_HEADS.annualReportDetail.path, year] as const;

export function useAnnualReport(year: number) {
  return useSWR(annualReportKey(year), ([, key]) => getAnnualReport(key));
}
