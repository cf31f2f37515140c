import { defineHead } from '../api.js';

/** The centre's annual reports (信用年报): the list and one year. */
export const ANNUAL_REPORTS_HEADS = {
  annualReportList: defineHead({
    // Not shown in the spec: chosen.
    path: '/Cms/nb/list',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['annual-reports'], ttlSeconds: 600 },
  }),
  annualReportDetail: defineHead({
    path: '/Cms/nb/detail',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['annual-reports'], ttlSeconds: 600 },
  }),
};
