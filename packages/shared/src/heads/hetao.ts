import { defineHead } from '../api.js';

/** 信用河套: the Hetao cooperation zone's enterprise credit list (public; paths not shown in the spec: chosen). */
export const HETAO_HEADS = {
  hetaoList: defineHead({
    path: '/api/dmenterprise/GetXyhtList',
    // The list searches.
    rateLimit: 'strict',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['hetao'], ttlSeconds: 120 },
  }),
  hetaoCheck: defineHead({
    path: '/api/dmenterprise/GetIsXyht',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['hetao'], ttlSeconds: 600 },
  }),
  hetaoLabels: defineHead({
    path: '/api/dmenterprise/GetXyhtLabel',
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    cache: { tags: ['hetao'], ttlSeconds: 600 },
  }),
};
