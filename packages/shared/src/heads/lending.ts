import { defineHead } from '../api.js';

/** The lending page (信易贷): platform figures, partner banks, products. */
export const LENDING_HEADS = {
  lendingOverview: defineHead({
    // Not shown in the spec: chosen.
    path: '/Cms/xyd/overview',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['lending'], ttlSeconds: 600 },
  }),
};
