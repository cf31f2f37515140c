import { Type } from 'typebox';
import { defineRoute } from '../api.js';
import { CONTENT_HEADS as HEADS } from '../heads/content.js';
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

/** The heads of heads/content.ts with their schemas, by the same names. */
export const CONTENT_CONTRACTS = {
  contentList: defineRoute(HEADS.contentList, {
    body: ContentListQuerySchema,
    data: ContentPageSchema,
  }),
  contentListAll: defineRoute(HEADS.contentListAll, {
    body: ContentListAllQuerySchema,
    data: ContentListAllSchema,
  }),
  contentDetail: defineRoute(HEADS.contentDetail, {
    body: ContentDetailQuerySchema,
    data: ContentDetailSchema,
  }),
  imageLinkList: defineRoute(HEADS.imageLinkList, {
    body: ImageLinkQuerySchema,
    data: Type.Array(ImageLinkSchema),
  }),
  flipbook: defineRoute(HEADS.flipbook, {
    body: FlipbookQuerySchema,
    data: FlipbookSchema,
  }),
  flipbookPages: defineRoute(HEADS.flipbookPages),
  images: defineRoute(HEADS.images),
};
