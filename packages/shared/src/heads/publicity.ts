import { defineHead } from '../api.js';
import { PENALTY_LIST_TAG, PENALTY_TAG_PREFIX } from '../vocabulary/cache-tags.js';

/** The credit data API's licence and penalty publicity (spec §7): the latest notices and one record. */
export const PUBLICITY_HEADS = {
  permitPublicity: defineHead({
    path: '/api/dmenterprise/permtipublicity',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['publicity', 'licence'], ttlSeconds: 120 },
  }),
  punishPublicity: defineHead({
    path: '/api/dmenterprise/punishpublicity',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['publicity', 'penalty', PENALTY_LIST_TAG], ttlSeconds: 120 },
  }),
  permitDetail: defineHead({
    path: '/api/dmenterprise/permitpublicitydetailinfo',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['publicity', 'licence'], ttlSeconds: 600 },
  }),
  punishDetail: defineHead({
    path: '/api/dmenterprise/punishpublicitydetailinfo',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['publicity', 'penalty'], ttlSeconds: 600, keyTag: { param: 'id', prefix: PENALTY_TAG_PREFIX } },
  }),
};
