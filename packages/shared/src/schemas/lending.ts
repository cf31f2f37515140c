import { Type, type Static } from 'typebox';

/*
 * Wire types of the lending page (信易贷): partner banks' credit products for small businesses.
 */

export const LendingBankSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  shortName: Type.String(),
  hotline: Type.String(),
  productCount: Type.Integer({ minimum: 0 }),
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
