import { defineHead } from '../api.js';

/** Interaction (互动交流): the messages, their search, one message and the yearly figures. */
export const INTERACTION_HEADS = {
  interactionList: defineHead({
    // Not shown in the spec: chosen.
    path: '/Cms/hdjl/list',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['interaction'], ttlSeconds: 120 },
  }),
  interactionSearch: defineHead({
    path: '/Cms/hdjl/search',
    // A search: unbounded in variety.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['interaction'], ttlSeconds: 120 },
  }),
  interactionDetail: defineHead({
    path: '/Cms/hdjl/detail',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['interaction'], ttlSeconds: 300 },
  }),
  interactionStatistics: defineHead({
    path: '/Cms/hdjl/statistics',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['interaction'], ttlSeconds: 600 },
  }),
};
