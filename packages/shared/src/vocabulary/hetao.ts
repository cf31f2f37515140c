/*
 * 信用河套 (schemas/hetao.ts): the credit labels and the member row's field labels. Plain data, no
 * TypeBox: the SPA's pages import these without building the schemas.
 */

/** The credit labels a member enterprise can carry, in display order. */
export const HETAO_LABELS = ['港澳投资', '科技创新', '守信激励', '专精特新', '跨境贸易'] as const;
export type HetaoLabel = (typeof HETAO_LABELS)[number];

/** Field labels of a member row, in display order. */
export const HETAO_FIELD_LABELS = {
  EntName: '企业名称',
  CreditCode: '统一社会信用代码',
  EntType: '企业类型',
  LegalRep: '法定代表人',
  SetUpDate: '成立日期',
  Address: '住所',
  Labels: '信用标签',
  JoinedOn: '纳入日期',
  SourceUnit: '数据来源单位',
  UpdateTime: '更新时间',
} as const;
