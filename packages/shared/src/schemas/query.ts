import { Type } from 'typebox';

/*
 * Pieces of the portal pages' request bodies (article search, interaction, lending, guides,
 * annual reports). Only EmptyQuerySchema is part of the package's public entry.
 */

/** Optional 1-based page number. */
export const PageField = { pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })) };
/** Optional page size up to `maximum`. */
export const pageSizeField = (maximum: number) => ({ pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum })) });
/** A free-text search word. */
export const KeywordSchema = Type.String({ maxLength: 100 });

/** Body of the parameterless portal calls (POST with a JSON body, like the rest of /Cms). */
export const EmptyQuerySchema = Type.Object({});
