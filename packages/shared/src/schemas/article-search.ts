import { Type, type Static } from 'typebox';
import { ArticleListItemSchema } from './content.js';
import { KeywordSchema, PageField, PageSchema, pageSizeField } from './query.js';

/*
 * Wire types of article search (index/articleList): every article section at once. The spec
 * leaves its path and payload "not shown"; they are chosen here and used by the credit-service
 * and the SPA alike.
 */

/** Body of POST /Cms/articleSearch. Without categoryIds every article section is searched. */
export const ArticleSearchQuerySchema = Type.Object({
  searchWord: Type.Optional(KeywordSchema),
  categoryIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { maxItems: 30 })),
  ...PageField,
  ...pageSizeField(50),
});
export type ArticleSearchQuery = Static<typeof ArticleSearchQuerySchema>;

/** An article list item (spec §3) with what the list needs to open it: its section and, for is_url '1', the address. */
export const ArticleSearchItemSchema = Type.Object({
  ...ArticleListItemSchema.properties,
  category_id: Type.String(),
  is_url: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  url: Type.String(),
});
export type ArticleSearchItem = Static<typeof ArticleSearchItemSchema>;

export const ArticleSearchPageSchema = PageSchema(ArticleSearchItemSchema);
export type ArticleSearchPage = Static<typeof ArticleSearchPageSchema>;
