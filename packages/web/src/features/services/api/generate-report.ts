import type { ReportRequest, SpecialReportRequest } from '@credit-portal/shared';
import { SERVICES_HEADS } from '@credit-portal/shared/heads/services';
import { callFile, type DownloadedFile } from '@/lib/api-client';

/** The enterprise credit report as a PDF (POST GenerateEnterpriseReport, public). */
export const generateEnterpriseReport = (body: ReportRequest): Promise<DownloadedFile> =>
  callFile(SERVICES_HEADS.enterpriseReport, { body });

/** The 专项信用报告 of the user's own entity as a PDF (POST GenerateSpecialReport, bearer). */
export const generateSpecialReport = (body: SpecialReportRequest): Promise<DownloadedFile> =>
  callFile(SERVICES_HEADS.specialReport, { body });
