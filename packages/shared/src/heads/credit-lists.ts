import { defineHead } from '../api.js';
import { PENALTY_LIST_TAG } from '../vocabulary/cache-tags.js';

/**
 * The information-disclosure lists of the credit data API: the double-disclosure
 * searches, the red and black lists (bearer), published credit promises and the kept ones.
 */
export const CREDIT_LIST_HEADS = {
  permitSearch: defineHead({
    path: '/api/dmenterprise/permitpublicitysearch',
    // A search: unbounded in variety.
    rateLimit: 'strict',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['publicity', 'licence'], ttlSeconds: 120 },
  }),
  punishSearch: defineHead({
    path: '/api/dmenterprise/punishpublicitysearch',
    // A search: unbounded in variety.
    rateLimit: 'strict',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['publicity', 'penalty', PENALTY_LIST_TAG], ttlSeconds: 120 },
  }),
  /** The licence search's matches as CSV (XK_* field codes, open data's format), at most 10,000 rows. */
  permitExport: defineHead({
    // Not shown in the spec: chosen.
    path: '/api/dmenterprise/permitpublicityexport',
    // Bulk data: the open-data quota, as the records API.
    rateLimit: 'opendata',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    fileAnswer: true,
    timeoutMs: 30_000,
  }),
  /** The penalty search's matches as CSV (CF_* field codes, ID numbers masked), at most 10,000 rows. */
  punishExport: defineHead({
    // Not shown in the spec: chosen.
    path: '/api/dmenterprise/punishpublicityexport',
    // Bulk data: the open-data quota, as the records API.
    rateLimit: 'opendata',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    fileAnswer: true,
    timeoutMs: 30_000,
  }),
  redBlackList: defineHead({
    path: '/api/dmenterprise/redblackinfo',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    auth: true,
  }),
  redBlackDetail: defineHead({
    // Not shown in the spec: chosen.
    path: '/api/dmenterprise/redblackdetail',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    auth: true,
  }),
  promiseList: defineHead({
    // Not shown in the spec: chosen.
    path: '/api/dmenterprise/promisepublicity',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['publicity', 'promise'], ttlSeconds: 120 },
  }),
  promiseDetail: defineHead({
    // Not shown in the spec: chosen.
    path: '/api/dmenterprise/promisedetail',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['publicity', 'promise'], ttlSeconds: 600 },
  }),
  /** Kept promises (xscnList, 守信践诺). */
  promiseFulfilmentList: defineHead({
    // Not shown in the spec: chosen.
    path: '/api/dmenterprise/promisefulfilment',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['publicity', 'promise'], ttlSeconds: 120 },
  }),
  /** One fulfilment check (xylygsDetail, 信用履约公示). */
  promiseFulfilmentDetail: defineHead({
    // Not shown in the spec: chosen.
    path: '/api/dmenterprise/promisefulfilmentdetail',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['publicity', 'promise'], ttlSeconds: 600 },
  }),
};
