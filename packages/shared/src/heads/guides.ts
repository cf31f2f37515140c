import { defineHead } from '../api.js';

/** The service guides (办事指南) of the mobile guide page and the credit services. */
export const GUIDES_HEADS = {
  serviceGuides: defineHead({
    // Not shown in the spec: chosen.
    path: '/Cms/bszn/list',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['guides'], ttlSeconds: 600 },
  }),
};
