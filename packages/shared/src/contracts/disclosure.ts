import { API_PATHS, defineRoute } from '../api.js';
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

/**
 * The disclosure lists of the information-disclosure section: abnormal business, major
 * tax violations, wage arrears and personal bankruptcy (public), and unpaid non-tax revenue
 * (behind login: the SPA sends the stored JwtToken).
 */
export const DISCLOSURE_CONTRACTS = {
  abnormalBusiness: defineRoute({
    path: API_PATHS.abnormalBusiness,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: EntNameQuerySchema,
    data: AbnormalBusinessPageSchema,
  }),
  majorTaxViolation: defineRoute({
    path: API_PATHS.majorTaxViolation,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: EntNameQuerySchema,
    data: MajorTaxViolationPageSchema,
  }),
  arrearsFunds: defineRoute({
    path: API_PATHS.arrearsFunds,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: EntNameQuerySchema,
    data: ArrearsFundsPageSchema,
  }),
  nontaxRevenue: defineRoute({
    path: API_PATHS.nontaxRevenue,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: NontaxRevenueQuerySchema,
    data: NontaxRevenuePageSchema,
    auth: true,
  }),
  nontaxDetail: defineRoute({
    path: API_PATHS.nontaxDetail,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: DisclosureDetailQuerySchema,
    data: NontaxDetailSchema,
    auth: true,
  }),
  bankruptcyList: defineRoute({
    path: API_PATHS.bankruptcyList,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: BankruptcyQuerySchema,
    data: BankruptcyPageSchema,
  }),
  bankruptcyDetail: defineRoute({
    path: API_PATHS.bankruptcyDetail,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: DisclosureDetailQuerySchema,
    data: BankruptcyDetailSchema,
  }),
};
