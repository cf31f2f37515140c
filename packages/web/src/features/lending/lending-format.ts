import type { LendingProduct } from '@credit-portal/shared';

/** The largest amount as people say it: 万元 below 10,000万, 亿元 from there. */
export const amountText = (product: LendingProduct): string =>
  product.maxAmount >= 10_000 ? `${product.maxAmount / 10_000}亿元` : `${product.maxAmount}万元`;

/** The yearly rate range, e.g. 3.45%–4.35%. */
export const rateText = (product: LendingProduct): string =>
  product.rateMin === product.rateMax
    ? `${product.rateMin.toFixed(2)}%`
    : `${product.rateMin.toFixed(2)}%–${product.rateMax.toFixed(2)}%`;

/** The longest term in months or years. */
export const termText = (product: LendingProduct): string =>
  product.termMonths % 12 === 0 && product.termMonths >= 12
    ? `${product.termMonths / 12}年`
    : `${product.termMonths}个月`;

/** How a business gets a loan through the platform. */
export const LENDING_STEPS = [
  { title: '注册认证', text: '企业在“信用云州”完成实名注册' },
  { title: '授权查询', text: '授权银行查询企业公共信用信息' },
  { title: '选择产品', text: '比较合作银行的信贷产品' },
  { title: '提交申请', text: '联系银行或在线提交贷款申请' },
  { title: '审批放款', text: '银行依据信用状况审批放款' },
] as const;
