/*
 * The public credit lists (schemas/credit-lists.ts): penalty states and severities, why a penalty
 * is not publicized, the fulfilment detail's field labels. Plain data, no TypeBox: the SPA's pages
 * import these without building the schemas.
 */

/** The states of a penalty record; 已修复 records have left publicity. */
export const PENALTY_STATES = ['正常', '信用修复中', '异议处理中', '已修复'] as const;
export type PenaltyState = (typeof PENALTY_STATES)[number];

/**
 * Severity of the unlawful act (国办发〔2025〕22号): 轻微 is never published, 一般 for 3 months to
 * 1 year, 严重 for 1 to 3 years, counted from the decision date.
 */
export const PENALTY_SEVERITIES = ['轻微', '一般', '严重'] as const;
export type PenaltySeverity = (typeof PENALTY_SEVERITIES)[number];

/** The penalty states a search may filter by: 已修复 is refused (repaired records leave publicity). */
export const PENALTY_SEARCH_STATES = ['正常', '信用修复中', '异议处理中'] as const;

/** Licence categories (XK_XKLB) of the national double-disclosure standard. */
export const LICENCE_CATEGORIES = ['普通', '特许', '认可', '核准', '登记', '其他'] as const;
export type LicenceCategory = (typeof LICENCE_CATEGORIES)[number];

/**
 * Penalty kinds (CF_CFLB) as the national standard groups them (行政处罚法 art. 9); a record's
 * CF_CFLB lists one or more, separated by ';'.
 */
export const PENALTY_KINDS = [
  '警告',
  '通报批评',
  '罚款',
  '没收违法所得、没收非法财物',
  '暂扣许可证件、降低资质等级、吊销许可证件',
  '限制开展生产经营活动、责令停产停业、责令关闭、限制从业',
  '行政拘留',
  '其他',
] as const;
export type PenaltyKind = (typeof PENALTY_KINDS)[number];

/** The severities a search may filter by: 轻微 is never published. */
export const PUBLISHED_SEVERITIES = ['一般', '严重'] as const;

/** Sort orders of the double-disclosure searches, by decision date. */
export const PUBLICITY_SORTS = ['desc', 'asc'] as const;
export type PublicitySort = (typeof PUBLICITY_SORTS)[number];

/** Rows of one double-disclosure CSV export at most. */
export const PUBLICITY_EXPORT_MAX_ROWS = 10_000;

/** The messages of the double-disclosure filters the schemas cannot say. */
export const PUBLICITY_FILTER_MESSAGES = {
  repaired: '参数错误：已完成信用修复的行政处罚依规不再公示，不能按“已修复”查询',
  badDate: '参数错误：日期无效，应为 YYYY-MM-DD 格式的日期',
  dateOrder: '参数错误：开始日期不能晚于结束日期',
} as const;

/** Why a penalty detail is no longer publicized (PenaltyDetail.publicityNote). */
export const PUBLICITY_NOTES = {
  minor: '轻微违法行为，依规不予公示',
  expired: '该记录已超过公示期，不再公示',
  repaired: '该记录已完成信用修复，不再公示',
} as const;

/** The fulfilment detail's fields with their Chinese labels, in display order. */
export const PROMISE_FULFILMENT_FIELD_LABELS = {
  EntName: '主体名称',
  CreditCode: '统一社会信用代码',
  PromiseType: '承诺类型',
  Promiser: '承诺人',
  PromiseDate: '承诺日期',
  CheckedOn: '践诺核查日期',
  Checker: '核查单位',
  Fulfilment: '履约情况',
  Content: '承诺内容',
  SourceUnit: '数据来源单位',
  UpdateTime: '更新时间',
} as const;
