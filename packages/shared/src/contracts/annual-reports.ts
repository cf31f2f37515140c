import { defineRoute } from '../api.js';
import { ANNUAL_REPORTS_HEADS as HEADS } from '../heads/annual-reports.js';
import { AnnualReportListSchema, AnnualReportQuerySchema, AnnualReportSchema } from '../schemas/annual-reports.js';
import { EmptyQuerySchema } from '../schemas/query.js';

/** The heads of heads/annual-reports.ts with their schemas, by the same names. */
export const ANNUAL_REPORTS_CONTRACTS = {
  annualReportList: defineRoute(HEADS.annualReportList, {
    body: EmptyQuerySchema,
    data: AnnualReportListSchema,
  }),
  annualReportDetail: defineRoute(HEADS.annualReportDetail, {
    body: AnnualReportQuerySchema,
    data: AnnualReportSchema,
  }),
};
