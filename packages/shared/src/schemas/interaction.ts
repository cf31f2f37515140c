import { Type, type Static } from 'typebox';
import { KeywordSchema, PageField, PageSchema, pageSizeField } from './query.js';

/*
 * Wire types of interaction (互动交流): citizens' consultations, complaints and suggestions with
 * the replies, their search and yearly figures. Paths and payloads are chosen here (the spec
 * leaves them "not shown").
 */

/** A message's type (INTERACTION_TYPES). */
export const InteractionTypeSchema = Type.Union([
  Type.Literal('consult'),
  Type.Literal('complaint'),
  Type.Literal('suggestion'),
]);

/** A message's state (INTERACTION_STATUSES). */
export const InteractionStatusSchema = Type.Union([Type.Literal('replied'), Type.Literal('processing')]);

/** How satisfied the writer said they were (SATISFACTION_LEVELS). */
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

export const InteractionPageSchema = PageSchema(InteractionListItemSchema);
export type InteractionPage = Static<typeof InteractionPageSchema>;

/** Body of POST /Cms/hdjl/list: public messages, newest first. */
export const InteractionListQuerySchema = Type.Object({
  type: Type.Optional(InteractionTypeSchema),
  status: Type.Optional(InteractionStatusSchema),
  ...PageField,
  ...pageSizeField(50),
});
export type InteractionListQuery = Static<typeof InteractionListQuerySchema>;

const DateOnly = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** Body of POST /Cms/hdjl/search: keyword on title, text and reply, or the message number, plus filters. */
export const InteractionSearchQuerySchema = Type.Object({
  keyword: Type.Optional(KeywordSchema),
  code: Type.Optional(Type.String({ maxLength: 32 })),
  type: Type.Optional(InteractionTypeSchema),
  status: Type.Optional(InteractionStatusSchema),
  dept: Type.Optional(Type.String({ maxLength: 64 })),
  dateFrom: Type.Optional(DateOnly),
  dateTo: Type.Optional(DateOnly),
  ...PageField,
  ...pageSizeField(50),
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
