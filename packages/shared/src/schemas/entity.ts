import { Type, type Static } from 'typebox';

/** Entity search result (spec §3). */
export const EntitySearchResultSchema = Type.Object({
  ID: Type.String(),
  EntName: Type.String(),
  Status: Type.Union([Type.Literal('存续'), Type.Literal('吊销'), Type.Literal('注销'), Type.Literal('其他')]),
  CreditCode: Type.String(),
  EntType: Type.String(),
  SetUpDate: Type.String(),
});
export type EntitySearchResult = Static<typeof EntitySearchResultSchema>;

/** Body of the entity search (spec §7). */
export const EntitySearchQuerySchema = Type.Object({
  EntNameOrCreditCode: Type.String({ minLength: 1, maxLength: 100 }),
});
export type EntitySearchQuery = Static<typeof EntitySearchQuerySchema>;

/** At most this many results come back for one search (the list is paged on the client). */
export const ENTITY_SEARCH_LIMIT = 200;
