import { defineRoute } from '../api.js';
import { ANNUAL_REPORTS_HEADS as HEADS } from '../heads/annual-reports.js';
import { AnnualReportListSchema, AnnualReportQuerySchema, AnnualReportSchema } from '../schemas/annual-reports.js';
import { EmptyQuerySchema } from '../schemas/query.js';

/** The centre's annual reports (信用年报): the list and one year. */
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
