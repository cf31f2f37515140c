import { defineHead } from '../api.js';

/** The portal's CMS (spec §7): section lists, articles, image links, the reading book and its images. */
export const CONTENT_HEADS = {
  contentList: defineHead({
    path: '/Cms/mrlb',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['content'] },
  }),
  contentListAll: defineHead({
    path: '/Cms/mrlbAll',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['content'] },
  }),
  contentDetail: defineHead({
    path: '/Cms/nrxq',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['content'], ttlSeconds: 300 },
  }),
  imageLinkList: defineHead({
    path: '/Cms/twljlb',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['content', 'images'], ttlSeconds: 300 },
  }),
  flipbook: defineHead({
    path: '/Cms/xydb',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    cache: { tags: ['flipbook'], ttlSeconds: 600 },
  }),
  /** Page images of a reading book: streamed through untouched. */
  flipbookPages: defineHead({
    path: '/Cms/xydb/page/',
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'binary',
    prefix: true,
    timeoutMs: 15_000,
  }),
  /** CMS images (articles, banners, leaders, QR codes): streamed through untouched. */
  images: defineHead({
    // Not shown in the spec: chosen.
    path: '/Cms/image/',
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'binary',
    prefix: true,
  }),
};
