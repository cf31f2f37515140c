import { API_PATHS, defineRoute } from '../api.js';
import { AnnualReportListSchema, AnnualReportQuerySchema, AnnualReportSchema } from '../schemas/annual-reports.js';
import { ArticleSearchPageSchema, ArticleSearchQuerySchema } from '../schemas/article-search.js';
import {
  InteractionDetailQuerySchema,
  InteractionDetailSchema,
  InteractionListQuerySchema,
  InteractionPageSchema,
  InteractionSearchQuerySchema,
  InteractionStatisticsQuerySchema,
  InteractionStatisticsSchema,
} from '../schemas/interaction.js';
import { LendingOverviewSchema } from '../schemas/lending.js';
import { EmptyQuerySchema } from '../schemas/query.js';
import { ServiceGuideListSchema } from '../schemas/service-guide.js';

/** The portal pages' own CMS calls: article search, interaction, lending, service guides, annual reports. */
export const PORTAL_CONTRACTS = {
  articleSearch: defineRoute({
    path: API_PATHS.articleSearch,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: ArticleSearchQuerySchema,
    data: ArticleSearchPageSchema,
  }),
  interactionList: defineRoute({
    path: API_PATHS.interactionList,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: InteractionListQuerySchema,
    data: InteractionPageSchema,
  }),
  interactionSearch: defineRoute({
    path: API_PATHS.interactionSearch,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: InteractionSearchQuerySchema,
    data: InteractionPageSchema,
  }),
  interactionDetail: defineRoute({
    path: API_PATHS.interactionDetail,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: InteractionDetailQuerySchema,
    data: InteractionDetailSchema,
  }),
  interactionStatistics: defineRoute({
    path: API_PATHS.interactionStatistics,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: InteractionStatisticsQuerySchema,
    data: InteractionStatisticsSchema,
  }),
  lendingOverview: defineRoute({
    path: API_PATHS.lendingOverview,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: EmptyQuerySchema,
    data: LendingOverviewSchema,
  }),
  serviceGuides: defineRoute({
    path: API_PATHS.serviceGuides,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: EmptyQuerySchema,
    data: ServiceGuideListSchema,
  }),
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
