import { CONTRACTS, API_PATHS, type AnnualReport, type AnnualReportSummary } from '@credit-portal/shared';
import useSWR from 'swr';
import { call } from '@/lib/api-client';

/** Fetches the annual reports, newest first (POST /Cms/nb/list). */
export function getAnnualReports(): Promise<AnnualReportSummary[]> {
  return call(CONTRACTS.annualReportList, { body: {} });
}

export const annualReportsKey = () => [API_PATHS.annualReportList] as const;

export function useAnnualReports() {
  return useSWR(annualReportsKey(), getAnnualReports);
}

/** Fetches one year's report (POST /Cms/nb/detail). */
export function getAnnualReport(year: number): Promise<AnnualReport> {
  return call(CONTRACTS.annualReportDetail, { body: { year } });
}

export const annualReportKey = (year: number) => [API_PATHS.annualReportDetail, year] as const;

export function useAnnualReport(year: number) {
  return useSWR(annualReportKey(year), ([, key]) => getAnnualReport(key));
}
