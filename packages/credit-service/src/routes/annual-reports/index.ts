import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS } from '@credit-portal/shared';
import { msgOk } from '../../lib/dialect.js';
import { NotFoundError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import { createAnnualReportRepository } from '../../repositories/annual-reports.js';

/** Answer when the asked-for year has no report. */
const REPORT_NOT_FOUND = '该年度报告不存在';

/** The centre's annual reports (信用年报, POST, msg dialect): the list and one year's report. */
const annualReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const reports = createAnnualReportRepository(app.db);

  serve(app, CONTRACTS.annualReportList, async () => msgOk(reports.annualReports()));

  serve(app, CONTRACTS.annualReportDetail, async (request) => {
    const report = reports.annualReport(request.body.year);
    if (!report) throw new NotFoundError(REPORT_NOT_FOUND);
    return msgOk(report);
  });
};

export default annualReportRoutes;
