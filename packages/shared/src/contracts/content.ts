import { Type } from 'typebox';
import { API_PATHS, defineRoute } from '../api.js';
import {
  ContentDetailQuerySchema,
  ContentDetailSchema,
  ContentListAllQuerySchema,
  ContentListAllSchema,
  ContentListQuerySchema,
  ContentPageSchema,
  FlipbookQuerySchema,
  FlipbookSchema,
  ImageLinkQuerySchema,
  ImageLinkSchema,
} from '../schemas/content.js';

/** The portal's CMS (spec §7): section lists, articles, image links, the reading book and its images. */
export const CONTENT_CONTRACTS = {
  contentList: defineRoute({
    path: API_PATHS.contentList,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: ContentListQuerySchema,
    data: ContentPageSchema,
  }),
  contentListAll: defineRoute({
    path: API_PATHS.contentListAll,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: ContentListAllQuerySchema,
    data: ContentListAllSchema,
  }),
  contentDetail: defineRoute({
    path: API_PATHS.contentDetail,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: ContentDetailQuerySchema,
    data: ContentDetailSchema,
  }),
  imageLinkList: defineRoute({
    path: API_PATHS.imageLinkList,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: ImageLinkQuerySchema,
    data: Type.Array(ImageLinkSchema),
  }),
  flipbook: defineRoute({
    path: API_PATHS.flipbook,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: FlipbookQuerySchema,
    data: FlipbookSchema,
  }),
  /** Page images of a reading book: streamed through untouched. */
  flipbookPages: defineRoute({
    path: API_PATHS.flipbookPagePrefix,
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'binary',
    prefix: true,
  }),
  /** CMS images (articles, banners, leaders, QR codes): streamed through untouched. */
  images: defineRoute({
    path: API_PATHS.imagePrefix,
    methods: ['GET'],
    upstream: 'cms',
    dialect: 'binary',
    prefix: true,
  }),
};
