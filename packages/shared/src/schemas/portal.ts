import { Type, type Static } from 'typebox';
import type { ContentSectionKey } from '../constants.js';
import { ArticleListItemSchema } from './content.js';

/*
 * Wire types of the main portal's own pages beyond plain CMS content: article search,
 * interaction (互动交流), the lending page (信易贷), the mobile service guide (办事指南) and the
 * centre's annual reports (信用年报). The spec leaves their paths and payloads "not shown";
 * they are chosen here and used by the credit-service and the SPA alike.
 */

const Page = { pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })) };
const PageSize = (maximum: number) => ({ pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum })) });
const Keyword = Type.String({ maxLength: 100 });

// ---------------------------------------------------------------------------------------------
// Article search (index/articleList): every article section at once.

/** The sections article search covers (the dated articles; not static pages, images or books). */
export const ARTICLE_SEARCH_SECTIONS: readonly ContentSectionKey[] = [
  'news',
  'notices',
  'riskWarnings',
  'specialGovernance',
  'integrityPublicity',
  'integrityJourney',
  'policy',
  'legislation',
  'interpretation',
  'governmentVoice',
  'regionalCredit',
  'jointRewardPunishment',
  'caseList',
  'commitmentList',
  'annualReports',
];

/** Body of POST /Cms/articleSearch. Without categoryIds every article section is searched. */
export const ArticleSearchQuerySchema = Type.Object({
  searchWord: Type.Optional(Keyword),
  categoryIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { maxItems: 30 })),
  ...Page,
  ...PageSize(50),
});
export type ArticleSearchQuery = Static<typeof ArticleSearchQuerySchema>;

/** An article list item (spec §3) with what the list needs to open it: its section and, for is_url '1', the address. */
export const ArticleSearchItemSchema = Type.Object({
  ...ArticleListItemSchema.properties,
  category_id: Type.String(),
  is_url: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  url: Type.String(),
});
export type ArticleSearchItem = Static<typeof ArticleSearchItemSchema>;

export const ArticleSearchPageSchema = Type.Object({
  list: Type.Array(ArticleSearchItemSchema),
  totalCount: Type.Integer({ minimum: 0 }),
});
export type ArticleSearchPage = Static<typeof ArticleSearchPageSchema>;

// ---------------------------------------------------------------------------------------------
// Interaction (互动交流): citizens' consultations, complaints and suggestions with the replies.

/** Message types and their labels. */
export const INTERACTION_TYPES = { consult: '咨询', complaint: '投诉', suggestion: '建议' } as const;
export type InteractionType = keyof typeof INTERACTION_TYPES;
export const InteractionTypeSchema = Type.Union([
  Type.Literal('consult'),
  Type.Literal('complaint'),
  Type.Literal('suggestion'),
]);

/** Message states and their labels. */
export const INTERACTION_STATUSES = { replied: '已答复', processing: '办理中' } as const;
export type InteractionStatus = keyof typeof INTERACTION_STATUSES;
export const InteractionStatusSchema = Type.Union([Type.Literal('replied'), Type.Literal('processing')]);

/** How satisfied the writer said they were with the reply. */
export const SATISFACTION_LEVELS = ['满意', '基本满意', '不满意'] as const;
export const SatisfactionSchema = Type.Union([Type.Literal('满意'), Type.Literal('基本满意'), Type.Literal('不满意')]);

/** A message as lists show it. Dates are yyyy-mm-dd hh:mm:ss. */
export const InteractionListItemSchema = Type.Object({
  id: Type.String(),
  /** The number the writer quotes to find the message again, e.g. HD20250312007. */
  code: Type.String(),
  type: InteractionTypeSchema,
  title: Type.String(),
  /** The writer, shown masked (张**). */
  asker: Type.String(),
  createdAt: Type.String(),
  status: InteractionStatusSchema,
  /** The department handling (or that answered) the message. */
  dept: Type.String(),
  repliedAt: Type.Union([Type.String(), Type.Null()]),
});
export type InteractionListItem = Static<typeof InteractionListItemSchema>;

/** A message with its full text and the reply. */
export const InteractionDetailSchema = Type.Object({
  ...InteractionListItemSchema.properties,
  content: Type.String(),
  reply: Type.Union([Type.String(), Type.Null()]),
  satisfaction: Type.Union([SatisfactionSchema, Type.Null()]),
});
export type InteractionDetail = Static<typeof InteractionDetailSchema>;

export const InteractionPageSchema = Type.Object({
  list: Type.Array(InteractionListItemSchema),
  totalCount: Type.Integer({ minimum: 0 }),
});
export type InteractionPage = Static<typeof InteractionPageSchema>;

/** Body of POST /Cms/hdjl/list: public messages, newest first. */
export const InteractionListQuerySchema = Type.Object({
  type: Type.Optional(InteractionTypeSchema),
  status: Type.Optional(InteractionStatusSchema),
  ...Page,
  ...PageSize(50),
});
export type InteractionListQuery = Static<typeof InteractionListQuerySchema>;

const DateOnly = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** Body of POST /Cms/hdjl/search: keyword on title, text and reply, or the message number, plus filters. */
export const InteractionSearchQuerySchema = Type.Object({
  keyword: Type.Optional(Keyword),
  code: Type.Optional(Type.String({ maxLength: 32 })),
  type: Type.Optional(InteractionTypeSchema),
  status: Type.Optional(InteractionStatusSchema),
  dept: Type.Optional(Type.String({ maxLength: 64 })),
  dateFrom: Type.Optional(DateOnly),
  dateTo: Type.Optional(DateOnly),
  ...Page,
  ...PageSize(50),
});
export type InteractionSearchQuery = Static<typeof InteractionSearchQuerySchema>;

/** Body of POST /Cms/hdjl/detail. */
export const InteractionDetailQuerySchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 32 }) });

/** Body of POST /Cms/hdjl/statistics; without a year, the latest year with messages. */
export const InteractionStatisticsQuerySchema = Type.Object({
  year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
});
export type InteractionStatisticsQuery = Static<typeof InteractionStatisticsQuerySchema>;

const Count = Type.Integer({ minimum: 0 });
const TypeCounts = { consult: Count, complaint: Count, suggestion: Count };

/** One year of messages in figures (every message counts, public or not). */
export const InteractionStatisticsSchema = Type.Object({
  year: Type.Integer(),
  /** Years that have messages, newest first. */
  years: Type.Array(Type.Integer()),
  total: Count,
  replied: Count,
  processing: Count,
  /** Replied share, 0–1. */
  replyRate: Type.Number({ minimum: 0, maximum: 1 }),
  /** Average days from message to reply, one decimal. */
  averageReplyDays: Type.Number({ minimum: 0 }),
  byType: Type.Array(Type.Object({ type: InteractionTypeSchema, count: Count, replied: Count })),
  /** Every month of the year up to the last one with messages: yyyy-mm. */
  byMonth: Type.Array(Type.Object({ month: Type.String(), total: Count, replied: Count, ...TypeCounts })),
  /** Departments, most messages first. */
  byDept: Type.Array(
    Type.Object({
      dept: Type.String(),
      total: Count,
      replied: Count,
      averageReplyDays: Type.Number({ minimum: 0 }),
      ...TypeCounts,
    }),
  ),
  satisfaction: Type.Array(Type.Object({ level: SatisfactionSchema, count: Count })),
});
export type InteractionStatistics = Static<typeof InteractionStatisticsSchema>;

// ---------------------------------------------------------------------------------------------
// Lending (信易贷): partner banks' credit products for small businesses.

export const LendingBankSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  shortName: Type.String(),
  hotline: Type.String(),
  productCount: Count,
});
export type LendingBank = Static<typeof LendingBankSchema>;

export const LendingProductSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  bankCode: Type.String(),
  bankName: Type.String(),
  /** 信用贷款, 抵押贷款, 担保贷款 … */
  category: Type.String(),
  /** Largest amount, in 万元. */
  maxAmount: Type.Number({ minimum: 0 }),
  /** Yearly interest from–to, in per cent. */
  rateMin: Type.Number({ minimum: 0 }),
  rateMax: Type.Number({ minimum: 0 }),
  /** Longest term, in months. */
  termMonths: Type.Integer({ minimum: 1 }),
  guarantee: Type.String(),
  target: Type.String(),
  features: Type.Array(Type.String()),
  requirements: Type.Array(Type.String()),
});
export type LendingProduct = Static<typeof LendingProductSchema>;

/** A headline figure of the lending platform. */
export const LendingStatSchema = Type.Object({
  key: Type.String(),
  label: Type.String(),
  value: Type.String(),
  unit: Type.String(),
});
export type LendingStat = Static<typeof LendingStatSchema>;

/** The `data` of POST /Cms/xyd/overview. */
export const LendingOverviewSchema = Type.Object({
  stats: Type.Array(LendingStatSchema),
  banks: Type.Array(LendingBankSchema),
  products: Type.Array(LendingProductSchema),
});
export type LendingOverview = Static<typeof LendingOverviewSchema>;

// ---------------------------------------------------------------------------------------------
// Service guides (办事指南), shown on the mobile guide page.

export const ServiceGuideSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  category: Type.String(),
  summary: Type.String(),
  basis: Type.Array(Type.String()),
  conditions: Type.Array(Type.String()),
  materials: Type.Array(Type.String()),
  steps: Type.Array(Type.String()),
  timeLimit: Type.String(),
  fee: Type.String(),
  channels: Type.Array(Type.String()),
  hotline: Type.String(),
  address: Type.String(),
  hours: Type.String(),
  /** The portal page where the service is done online (a route path), '' when there is none. */
  onlinePath: Type.String(),
});
export type ServiceGuide = Static<typeof ServiceGuideSchema>;

/** The `data` of POST /Cms/bszn/list: every guide, in editorial order. */
export const ServiceGuideListSchema = Type.Array(ServiceGuideSchema);

// ---------------------------------------------------------------------------------------------
// Annual reports (信用年报).

/** A key figure of a year, with the year before for comparison (null for the first year). */
export const AnnualReportFigureSchema = Type.Object({
  key: Type.String(),
  label: Type.String(),
  value: Type.Number(),
  previous: Type.Union([Type.Number(), Type.Null()]),
  unit: Type.String(),
});
export type AnnualReportFigure = Static<typeof AnnualReportFigureSchema>;

export const AnnualReportSummarySchema = Type.Object({
  year: Type.Integer(),
  title: Type.String(),
  releaseDate: Type.String(),
  summary: Type.String(),
  /** The headline figures (the first four of the report). */
  highlights: Type.Array(AnnualReportFigureSchema),
});
export type AnnualReportSummary = Static<typeof AnnualReportSummarySchema>;

/** A whole report: its figures and its chapters (HTML, sanitized before rendering). */
export const AnnualReportSchema = Type.Object({
  ...AnnualReportSummarySchema.properties,
  figures: Type.Array(AnnualReportFigureSchema),
  sections: Type.Array(Type.Object({ heading: Type.String(), html: Type.String() })),
});
export type AnnualReport = Static<typeof AnnualReportSchema>;

/** The `data` of POST /Cms/nb/list: newest first. */
export const AnnualReportListSchema = Type.Array(AnnualReportSummarySchema);

/** Body of POST /Cms/nb/detail. */
export const AnnualReportQuerySchema = Type.Object({ year: Type.Integer({ minimum: 2000, maximum: 2100 }) });

/** Body of the parameterless portal calls (POST with a JSON body, like the rest of /Cms). */
export const EmptyQuerySchema = Type.Object({});
