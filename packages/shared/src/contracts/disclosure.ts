import { defineRoute } from '../api.js';
import { DISCLOSURE_HEADS as HEADS } from '../heads/disclosure.js';
import {
  AbnormalBusinessPageSchema,
  ArrearsFundsPageSchema,
  BankruptcyDetailSchema,
  BankruptcyPageSchema,
  BankruptcyQuerySchema,
  DisclosureDetailQuerySchema,
  EntNameQuerySchema,
  MajorTaxViolationPageSchema,
  NontaxDetailSchema,
  NontaxRevenuePageSchema,
  NontaxRevenueQuerySchema,
} from '../schemas/disclosure.js';

/** The heads of heads/disclosure.ts with their schemas, by the same names. */
export const DISCLOSURE_CONTRACTS = {
  abnormalBusiness: defineRoute(HEADS.abnormalBusiness, {
    query: EntNameQuerySchema,
    data: AbnormalBusinessPageSchema,
  }),
  majorTaxViolation: defineRoute(HEADS.majorTaxViolation, {
    query: EntNameQuerySchema,
    data: MajorTaxViolationPageSchema,
  }),
  arrearsFunds: defineRoute(HEADS.arrearsFunds, {
    query: EntNameQuerySchema,
    data: ArrearsFundsPageSchema,
  }),
  nontaxRevenue: defineRoute(HEADS.nontaxRevenue, {
    query: NontaxRevenueQuerySchema,
    data: NontaxRevenuePageSchema,
  }),
  nontaxDetail: defineRoute(HEADS.nontaxDetail, {
    query: DisclosureDetailQuerySchema,
    data: NontaxDetailSchema,
  }),
  bankruptcyList: defineRoute(HEADS.bankruptcyList, {
    query: BankruptcyQuerySchema,
    data: BankruptcyPageSchema,
  }),
  bankruptcyDetail: defineRoute(HEADS.bankruptcyDetail, {
    query: DisclosureDetailQuerySchema,
    data: BankruptcyDetailSchema,
  }),
};
