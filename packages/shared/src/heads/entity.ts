import { defineHead } from '../api.js';

/** The public entity search (spec §7) by name or unified social credit code. */
export const ENTITY_HEADS = {
  entitySearch: defineHead({
    // Not shown in the spec: chosen.
    path: '/api/dmenterprise/entsearch',
    // A search: unbounded in variety, and never cached.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
  }),
};
