/*
 * Entity search (schemas/entity.ts): how many results one search answers. Plain data, no TypeBox:
 * the SPA's pages import these without building the schemas.
 */

/** At most this many results come back for one search (the list is paged on the client). */
export const ENTITY_SEARCH_LIMIT = 200;
