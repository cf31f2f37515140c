import { Type, type Static } from 'typebox';

/**
 * Why a search result matched, best first: its credit code, every word of the keyword
 * in its name, its legal representative's name, its name's pinyin or pinyin initials, or a name
 * one or two characters away from the keyword (a near match, listed after every other kind).
 */

/** Entity search result (spec §3); `Match` and `Highlights` are optional additions (the forgiving search). */
export const EntitySearchResultSchema = Type.Object({
  ID: Type.String(),
  EntName: Type.String(),
  Status: Type.Union([Type.Literal('存续'), Type.Literal('吊销'), Type.Literal('注销'), Type.Literal('其他')]),
  CreditCode: Type.String(),
  EntType: Type.String(),
  SetUpDate: Type.String(),
  Match: Type.Optional(
    Type.Union([
      Type.Literal('code'),
      Type.Literal('name'),
      Type.Literal('legalRep'),
      Type.Literal('pinyin'),
      Type.Literal('fuzzy'),
    ]),
  ),
  /** Parts of EntName to mark: the keyword's words as the name spells them, or the near match. */
  Highlights: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10 })),
});
export type EntitySearchResult = Static<typeof EntitySearchResultSchema>;
export type EntityMatchKind = NonNullable<EntitySearchResult['Match']>;

/** Body of the entity search (spec §7). */
export const EntitySearchQuerySchema = Type.Object({
  EntNameOrCreditCode: Type.String({ minLength: 1, maxLength: 100 }),
});
export type EntitySearchQuery = Static<typeof EntitySearchQuerySchema>;
