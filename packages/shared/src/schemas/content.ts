import { Type, type Static } from 'typebox';
import { PageField, PageSchema, pageSizeField } from './query.js';

/** A CMS content list item (spec §3); news items also carry release_date. */
export const ContentListItemSchema = Type.Object({
  record_id: Type.String(),
  content_title: Type.String(),
  /** '1' means the item is an external link opened through the warning dialog. */
  is_url: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  url: Type.String(),
  release_date: Type.Optional(Type.String()),
  category_id: Type.Optional(Type.String()),
  /** Thumbnail, for image lists (showImage). */
  image_url: Type.Optional(Type.String()),
  summary: Type.Optional(Type.String()),
  top: Type.Optional(Type.Boolean()),
});
export type ContentListItem = Static<typeof ContentListItemSchema>;

/** A paged content list: the `data` of POST /Cms/mrlb. */
export const ContentPageSchema = PageSchema(ContentListItemSchema);
export type ContentPage = Static<typeof ContentPageSchema>;

/** An article list item (spec §3). */
export const ArticleListItemSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  content: Type.String(),
  author: Type.String(),
  date: Type.String(),
  top: Type.Boolean(),
});
export type ArticleListItem = Static<typeof ArticleListItemSchema>;

/** A content detail: the `data` of POST /Cms/nrxq. `content` is HTML to sanitize before rendering. */
export const ContentDetailSchema = Type.Object({
  record_id: Type.String(),
  content_title: Type.String(),
  category_id: Type.String(),
  content: Type.String(),
  author: Type.String(),
  source: Type.String(),
  release_date: Type.String(),
  is_url: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  url: Type.String(),
  image_url: Type.Optional(Type.String()),
  /** Extra structured fields of static content (e.g. a leader's title and position). */
  extra: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ContentDetail = Static<typeof ContentDetailSchema>;

/** An image link (POST /Cms/twljlb): banners, QR codes, leaders' photos. */
export const ImageLinkSchema = Type.Object({
  record_id: Type.String(),
  content_title: Type.String(),
  image_url: Type.String(),
  is_url: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  url: Type.String(),
  extra: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ImageLink = Static<typeof ImageLinkSchema>;

/** A flipbook page (spec §3). */
export const FlipbookPageSchema = Type.Object({ file_Url: Type.String() });
export type FlipbookPage = Static<typeof FlipbookPageSchema>;

/** The `data` of POST /Cms/xydb: spec §7 reads data.data. */
export const FlipbookSchema = Type.Object({
  title: Type.String(),
  data: Type.Array(FlipbookPageSchema),
});
export type Flipbook = Static<typeof FlipbookSchema>;

/** Body of POST /Cms/mrlb and GET /cms/mrlb (spec §7 fields). */
export const ContentListQuerySchema = Type.Object({
  categoryId: Type.String({ minLength: 1, maxLength: 32 }),
  ...PageField,
  ...pageSizeField(100),
  searchWord: Type.Optional(Type.String({ maxLength: 100 })),
  dataFlag: Type.Optional(Type.String({ maxLength: 32 })),
  propertyType: Type.Optional(Type.String({ maxLength: 8 })),
  showImage: Type.Optional(Type.String({ maxLength: 8 })),
  systemTypeCode: Type.Optional(Type.String({ maxLength: 8 })),
  cmsBaseId: Type.Optional(Type.String({ maxLength: 32 })),
});
export type ContentListQuery = Static<typeof ContentListQuerySchema>;

/** Body of POST /Cms/mrlbAll: the first items of several sections at once (the home page). */
export const ContentListAllQuerySchema = Type.Object({
  categoryIds: Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { minItems: 1, maxItems: 20 }),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
});
export type ContentListAllQuery = Static<typeof ContentListAllQuerySchema>;

/** The `data` of POST /Cms/mrlbAll: category id → its first items. */
export const ContentListAllSchema = Type.Record(Type.String(), Type.Array(ContentListItemSchema));
export type ContentListAll = Static<typeof ContentListAllSchema>;

/** Body of POST /Cms/nrxq. */
export const ContentDetailQuerySchema = Type.Object({ recordId: Type.String({ minLength: 1, maxLength: 32 }) });
/** Body of POST /Cms/twljlb. */
export const ImageLinkQuerySchema = Type.Object({ categoryId: Type.String({ minLength: 1, maxLength: 32 }) });
/** Body of POST /Cms/xydb. */
export const FlipbookQuerySchema = Type.Object({ recordId: Type.String({ minLength: 1, maxLength: 32 }) });
