import { defineHead } from '../api.js';

/**
 * The disclosure lists of the information-disclosure section: abnormal business, major
 * tax violations, wage arrears and personal bankruptcy (public), and unpaid non-tax revenue
 * (behind login: the SPA sends the stored JwtToken).
 */
export const DISCLOSURE_HEADS = {
  abnormalBusiness: defineHead({
    path: '/api/dmenterprise/AbnormalBusinessPublicity',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['disclosure', 'abnormal-business'], ttlSeconds: 120 },
  }),
  majorTaxViolation: defineHead({
    path: '/api/dmenterprise/MajorTaxViolationPublicity',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['disclosure', 'major-tax-violation'], ttlSeconds: 120 },
  }),
  arrearsFunds: defineHead({
    path: '/api/dmenterprise/ArrearsFundsPayPublicity',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['disclosure', 'wage-arrears'], ttlSeconds: 120 },
  }),
  nontaxRevenue: defineHead({
    path: '/api/dmenterprise/nontaxrevenupublicity',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    auth: true,
  }),
  nontaxDetail: defineHead({
    // Not shown in the spec: chosen.
    path: '/api/dmenterprise/NontaxDetail',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    auth: true,
  }),
  bankruptcyList: defineHead({
    // Not shown in the spec: chosen.
    path: '/api/dmenterprise/BankruptcyPublicity',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['disclosure', 'bankruptcy'], ttlSeconds: 120 },
  }),
  bankruptcyDetail: defineHead({
    // Not shown in the spec: chosen.
    path: '/api/dmenterprise/BankruptcyDetail',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['disclosure', 'bankruptcy'], ttlSeconds: 600 },
  }),
};
