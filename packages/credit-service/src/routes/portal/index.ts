import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_PATHS,
  AnnualReportListSchema,
  AnnualReportQuerySchema,
  AnnualReportSchema,
  ArticleSearchPageSchema,
  ArticleSearchQuerySchema,
  EmptyQuerySchema,
  InteractionDetailQuerySchema,
  InteractionDetailSchema,
  InteractionListQuerySchema,
  InteractionPageSchema,
  InteractionSearchQuerySchema,
  InteractionStatisticsQuerySchema,
  InteractionStatisticsSchema,
  LendingOverviewSchema,
  PAGE_SIZE,
  ServiceGuideListSchema,
} from '@credit-portal/shared';
import { msgOk, msgResponses, notFound } from '../../lib/dialect.js';
import { createPortalRepository } from '../../repositories/portal.js';
import { ensurePortalSeed } from '../../seed/portal.js';

export interface PortalRouteOptions {
  /** Base of the older site, for content that links there. */
  oldSiteUrl: string;
}

/** Answers of the portal pages when the asked-for record does not exist. */
const PORTAL_NOT_FOUND = {
  message: '留言不存在或未公开',
  statistics: '该年度暂无留言统计',
  report: '该年度报告不存在',
} as const;

/**
 * The main portal's own CMS calls (POST, JSON bodies, msg dialect): article search over every
 * section, interaction messages with their search, detail and yearly figures, the lending page,
 * the service guides and the annual reports.
 */
const portalRoutes: FastifyPluginAsyncTypebox<PortalRouteOptions> = async (app, options) => {
  // A database seeded before migration 5 gets the portal tables' data now, once.
  const filled = ensurePortalSeed(app.db);
  if (filled && Object.values(filled).some((n) => n > 0)) app.log.info(filled, 'filled the portal page tables');
  const portal = createPortalRepository(app.db, { oldSiteUrl: options.oldSiteUrl });

  app.post(
    API_PATHS.articleSearch,
    { schema: { body: ArticleSearchQuerySchema, response: msgResponses(ArticleSearchPageSchema) } },
    async (request) => {
      const { searchWord, categoryIds, pageIndex, pageSize } = request.body;
      return msgOk(
        portal.searchArticles({
          searchWord: searchWord?.trim() || undefined,
          categoryIds,
          pageIndex: pageIndex ?? 1,
          pageSize: pageSize ?? PAGE_SIZE.article,
        }),
      );
    },
  );

  app.post(
    API_PATHS.interactionList,
    { schema: { body: InteractionListQuerySchema, response: msgResponses(InteractionPageSchema) } },
    async (request) => {
      const { pageIndex, pageSize, ...filter } = request.body;
      return msgOk(portal.messages({ ...filter, pageIndex: pageIndex ?? 1, pageSize: pageSize ?? PAGE_SIZE.default }));
    },
  );

  app.post(
    API_PATHS.interactionSearch,
    { schema: { body: InteractionSearchQuerySchema, response: msgResponses(InteractionPageSchema) } },
    async (request) => {
      const { pageIndex, pageSize, keyword, code, dept, ...filter } = request.body;
      return msgOk(
        portal.messages({
          ...filter,
          keyword: keyword?.trim() || undefined,
          code: code?.trim() || undefined,
          dept: dept?.trim() || undefined,
          pageIndex: pageIndex ?? 1,
          pageSize: pageSize ?? PAGE_SIZE.default,
        }),
      );
    },
  );

  app.post(
    API_PATHS.interactionDetail,
    { schema: { body: InteractionDetailQuerySchema, response: msgResponses(InteractionDetailSchema) } },
    async (request) => {
      const message = portal.message(request.body.id);
      if (!message) throw notFound(PORTAL_NOT_FOUND.message);
      return msgOk(message);
    },
  );

  app.post(
    API_PATHS.interactionStatistics,
    { schema: { body: InteractionStatisticsQuerySchema, response: msgResponses(InteractionStatisticsSchema) } },
    async (request) => {
      const statistics = portal.statistics(request.body.year);
      if (!statistics) throw notFound(PORTAL_NOT_FOUND.statistics);
      return msgOk(statistics);
    },
  );

  app.post(
    API_PATHS.lendingOverview,
    { schema: { body: EmptyQuerySchema, response: msgResponses(LendingOverviewSchema) } },
    async () => msgOk(portal.lending()),
  );

  app.post(
    API_PATHS.serviceGuides,
    { schema: { body: EmptyQuerySchema, response: msgResponses(ServiceGuideListSchema) } },
    async () => msgOk(portal.guides()),
  );

  app.post(
    API_PATHS.annualReportList,
    { schema: { body: EmptyQuerySchema, response: msgResponses(AnnualReportListSchema) } },
    async () => msgOk(portal.annualReports()),
  );

  app.post(
    API_PATHS.annualReportDetail,
    { schema: { body: AnnualReportQuerySchema, response: msgResponses(AnnualReportSchema) } },
    async (request) => {
      const report = portal.annualReport(request.body.year);
      if (!report) throw notFound(PORTAL_NOT_FOUND.report);
      return msgOk(report);
    },
  );
};

export default portalRoutes;
