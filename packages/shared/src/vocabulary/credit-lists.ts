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
