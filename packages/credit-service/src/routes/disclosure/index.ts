import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACTS, PAGE_SIZE } from '@credit-portal/shared';
import { errorCodeOk, errorCodeResponses } from '../../lib/dialect.js';
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
 * The disclosure lists of the information-disclosure section (issue 9), in the credit API's
 * errorCode dialect: abnormal business, major tax violations, wage arrears and personal
 * bankruptcy for everyone; unpaid non-tax revenue only with a valid login token (用户未登录！
 * otherwise, like the entity details).
 */
const disclosureRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const disclosure = createDisclosureRepository(app.db);
  const { requireLogin } = app.auth;

  app.get(
    CONTRACTS.abnormalBusiness.path,
    {
      schema: {
        querystring: CONTRACTS.abnormalBusiness.query,
        response: errorCodeResponses(CONTRACTS.abnormalBusiness.data),
      },
    },
    async ({ query }) =>
      errorCodeOk(disclosure.abnormalBusiness(filterOf(query.entName, query.pageIndex, query.pageSize))),
  );

  app.get(
    CONTRACTS.majorTaxViolation.path,
    {
      schema: {
        querystring: CONTRACTS.majorTaxViolation.query,
        response: errorCodeResponses(CONTRACTS.majorTaxViolation.data),
      },
    },
    async ({ query }) =>
      errorCodeOk(disclosure.majorTaxViolations(filterOf(query.entName, query.pageIndex, query.pageSize))),
  );

  app.get(
    CONTRACTS.arrearsFunds.path,
    {
      schema: { querystring: CONTRACTS.arrearsFunds.query, response: errorCodeResponses(CONTRACTS.arrearsFunds.data) },
    },
    async ({ query }) => errorCodeOk(disclosure.arrearsFunds(filterOf(query.entName, query.pageIndex, query.pageSize))),
  );

  app.get(
    CONTRACTS.nontaxRevenue.path,
    {
      onRequest: requireLogin,
      schema: {
        querystring: CONTRACTS.nontaxRevenue.query,
        response: errorCodeResponses(CONTRACTS.nontaxRevenue.data),
      },
    },
    async ({ query }) =>
      errorCodeOk(disclosure.nontaxRevenue(filterOf(query.entNameOrSCCode, query.pageIndex, query.pageSize))),
  );

  app.get(
    CONTRACTS.nontaxDetail.path,
    {
      onRequest: requireLogin,
      schema: { querystring: CONTRACTS.nontaxDetail.query, response: errorCodeResponses(CONTRACTS.nontaxDetail.data) },
    },
    async ({ query }) => {
      const record = disclosure.nontaxDetail(query.id);
      if (!record) throw new NotFoundError(DISCLOSURE_NOT_FOUND.nontax);
      return errorCodeOk(record);
    },
  );

  app.get(
    CONTRACTS.bankruptcyList.path,
    {
      schema: {
        querystring: CONTRACTS.bankruptcyList.query,
        response: errorCodeResponses(CONTRACTS.bankruptcyList.data),
      },
    },
    async ({ query }) => errorCodeOk(disclosure.bankruptcies(filterOf(query.name, query.pageIndex, query.pageSize))),
  );

  app.get(
    CONTRACTS.bankruptcyDetail.path,
    {
      schema: {
        querystring: CONTRACTS.bankruptcyDetail.query,
        response: errorCodeResponses(CONTRACTS.bankruptcyDetail.data),
      },
    },
    async ({ query }) => {
      const record = disclosure.bankruptcyDetail(query.id);
      if (!record) throw new NotFoundError(DISCLOSURE_NOT_FOUND.bankruptcy);
      return errorCodeOk(record);
    },
  );
};

export default disclosureRoutes;
