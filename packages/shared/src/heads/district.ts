import { defineHead } from '../api.js';
import { PENALTY_LIST_TAG, PENALTY_TAG_PREFIX } from '../vocabulary/cache-tags.js';

/** The district credit sites (spec §2.2, §7): siteinfo, the site list, their articles and publicity. */
export const DISTRICT_HEADS = {
  siteInfo: defineHead({
    path: '/cms/siteinfo',
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['district', 'siteinfo'], ttlSeconds: 300 },
  }),
  districtList: defineHead({
    // Not shown in the spec: chosen.
    path: '/cms/sitelist',
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['district', 'siteinfo'], ttlSeconds: 600 },
  }),
  districtContentList: defineHead({
    path: '/cms/mrlb',
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['district', 'content'] },
  }),
  districtLicenceList: defineHead({
    path: '/cms/GetQYSiteInfoXK',
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['district', 'licence'], ttlSeconds: 120 },
  }),
  districtPenaltyList: defineHead({
    path: '/cms/GetQYSiteInfoCF',
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['district', 'penalty', PENALTY_LIST_TAG], ttlSeconds: 120 },
  }),
  districtLicenceDetail: defineHead({
    // Not shown in the spec: chosen.
    path: '/cms/GetQYSiteInfoXKDetail',
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'errorCode',
    cache: { tags: ['district', 'licence'], ttlSeconds: 600 },
  }),
  districtPenaltyDetail: defineHead({
    // Not shown in the spec: chosen.
    path: '/cms/GetQYSiteInfoCFDetail',
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'errorCode',
    cache: { tags: ['district', 'penalty'], ttlSeconds: 600, keyTag: { param: 'id', prefix: PENALTY_TAG_PREFIX } },
  }),
};
