import { Type, type TSchema } from 'typebox';

/*
 * Pieces of the list calls' requests (page, page size, keyword) and answers (a page of rows),
 * shared by the schema files. Only EmptyQuerySchema and PageSchema are part of the package's
 * public entry.
 */

/** Optional 1-based page number. */
export const PageField = { pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })) };
/** Optional page size up to `maximum`. */
export const pageSizeField = (maximum: number) => ({ pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum })) });
/** A free-text search word. */
export const KeywordSchema = Type.String({ maxLength: 100 });

/** A page of a list, the `{ list, totalCount }` answer of every paged list call: its rows and how many there are in all. */
export const PageSchema = <T extends TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), totalCount: Type.Integer({ minimum: 0 }) });

/** Body of the parameterless portal calls (POST with a JSON body, like the rest of /Cms). */
export const EmptyQuerySchema = Type.Object({});
