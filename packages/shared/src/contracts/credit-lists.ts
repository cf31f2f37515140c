import { API_PATHS, defineRoute } from '../api.js';
import { CreditPromiseSchema } from '../schemas/account.js';
import {
  ListDetailQuerySchema,
  PromiseFulfilmentDetailSchema,
  PromiseFulfilmentPageSchema,
  PromiseFulfilmentQuerySchema,
  PromiseListQuerySchema,
  PromisePageSchema,
  RedBlackDetailSchema,
  RedBlackPageSchema,
  RedBlackQuerySchema,
  PermitSearchPageSchema,
  PermitSearchQuerySchema,
  PunishSearchPageSchema,
  PunishSearchQuerySchema,
} from '../schemas/credit-lists.js';

/**
 * The information-disclosure lists of the credit data API: the double-disclosure
 * searches, the red and black lists (bearer), published credit promises and the kept ones.
 */
export const CREDIT_LIST_CONTRACTS = {
  permitSearch: defineRoute({
    path: API_PATHS.permitSearch,
    // A search: unbounded in variety.
    rateLimit: 'strict',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: PermitSearchQuerySchema,
    data: PermitSearchPageSchema,
  }),
  punishSearch: defineRoute({
    path: API_PATHS.punishSearch,
    // A search: unbounded in variety.
    rateLimit: 'strict',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: PunishSearchQuerySchema,
    data: PunishSearchPageSchema,
  }),
  redBlackList: defineRoute({
    path: API_PATHS.redBlackList,
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: RedBlackQuerySchema,
    data: RedBlackPageSchema,
    auth: true,
  }),
  redBlackDetail: defineRoute({
    path: API_PATHS.redBlackDetail,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: ListDetailQuerySchema,
    data: RedBlackDetailSchema,
    auth: true,
  }),
  promiseList: defineRoute({
    path: API_PATHS.promiseList,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: PromiseListQuerySchema,
    data: PromisePageSchema,
  }),
  promiseDetail: defineRoute({
    path: API_PATHS.promiseDetail,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: ListDetailQuerySchema,
    data: CreditPromiseSchema,
  }),
  /** Kept promises (xscnList, 守信践诺). */
  promiseFulfilmentList: defineRoute({
    path: API_PATHS.promiseFulfilmentList,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: PromiseFulfilmentQuerySchema,
    data: PromiseFulfilmentPageSchema,
  }),
  /** One fulfilment check (xylygsDetail, 信用履约公示). */
  promiseFulfilmentDetail: defineRoute({
    path: API_PATHS.promiseFulfilmentDetail,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: ListDetailQuerySchema,
    data: PromiseFulfilmentDetailSchema,
  }),
};
