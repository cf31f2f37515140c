import { API_PATHS, defineRoute } from '../api.js';
import { AnnualReportListSchema, AnnualReportQuerySchema, AnnualReportSchema } from '../schemas/annual-reports.js';
import { EmptyQuerySchema } from '../schemas/query.js';

/** The centre's annual reports (信用年报): the list and one year. */
export const ANNUAL_REPORTS_CONTRACTS = {
  annualReportList: defineRoute({
    path: API_PATHS.annualReportList,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: EmptyQuerySchema,
    data: AnnualReportListSchema,
  }),
  annualReportDetail: defineRoute({
    path: API_PATHS.annualReportDetail,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: AnnualReportQuerySchema,
    data: AnnualReportSchema,
  }),
};
