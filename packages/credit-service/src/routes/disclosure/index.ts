import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS, PAGE_SIZE } from '@credit-portal/shared';
import { errorCodeOk } from '../../lib/dialect.js';
import { serve } from '../../lib/serve.js';
import { NotFoundError } from '../../lib/errors.js';
import { pageOffset } from '../../lib/sql.js';
import { createDisclosureRepository, type DisclosureFilter } from '../../repositories/disclosure.js';

/** Unknown detail ids. */
export const DISCLOSURE_NOT_FOUND = {
  nontax: '未找到该非税收入欠缴信息',
  bankruptcy: '未找到该个人破产案件信息',
} as const;

const filterOf = (
  keyword: string | undefined,
  pageIndex = 1,
  pageSize: number = PAGE_SIZE.default,
): DisclosureFilter => ({
  keyword,
  offset: pageOffset(pageIndex, pageSize),
  limit: pageSize,
});

/**
 * The disclosure lists of the information-disclosure section, in the credit API's
 * errorCode dialect: abnormal business, major tax violations, wage arrears and personal
 * bankruptcy for everyone; unpaid non-tax revenue only with a valid login token (用户未登录！
 * otherwise, like the entity details).
 */
const disclosureRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const disclosure = createDisclosureRepository(app.db);
  const { requireLogin } = app.auth;

  serve(app, CONTRACTS.abnormalBusiness, async ({ query }) =>
    errorCodeOk(disclosure.abnormalBusiness(filterOf(query.entName, query.pageIndex, query.pageSize))),
  );

  serve(app, CONTRACTS.majorTaxViolation, async ({ query }) =>
    errorCodeOk(disclosure.majorTaxViolations(filterOf(query.entName, query.pageIndex, query.pageSize))),
  );

  serve(app, CONTRACTS.arrearsFunds, async ({ query }) =>
    errorCodeOk(disclosure.arrearsFunds(filterOf(query.entName, query.pageIndex, query.pageSize))),
  );

  serve(
    app,
    CONTRACTS.nontaxRevenue,
    async ({ query }) =>
      errorCodeOk(disclosure.nontaxRevenue(filterOf(query.entNameOrSCCode, query.pageIndex, query.pageSize))),
    { onRequest: requireLogin },
  );

  serve(
    app,
    CONTRACTS.nontaxDetail,
    async ({ query }) => {
      const record = disclosure.nontaxDetail(query.id);
      if (!record) throw new NotFoundError(DISCLOSURE_NOT_FOUND.nontax);
      return errorCodeOk(record);
    },
    { onRequest: requireLogin },
  );

  serve(app, CONTRACTS.bankruptcyList, async ({ query }) =>
    errorCodeOk(disclosure.bankruptcies(filterOf(query.name, query.pageIndex, query.pageSize))),
  );

  serve(app, CONTRACTS.bankruptcyDetail, async ({ query }) => {
    const record = disclosure.bankruptcyDetail(query.id);
    if (!record) throw new NotFoundError(DISCLOSURE_NOT_FOUND.bankruptcy);
    return errorCodeOk(record);
  });
};

export default disclosureRoutes;
