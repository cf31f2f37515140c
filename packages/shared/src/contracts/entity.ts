import { Type } from 'typebox';
import { defineRoute } from '../api.js';
import { ENTITY_HEADS as HEADS } from '../heads/entity.js';
import { MESSAGES } from '../constants.js';
import { EntitySearchQuerySchema, EntitySearchResultSchema } from '../schemas/entity.js';

/** The heads of heads/entity.ts with their schemas, by the same names. */
export const ENTITY_CONTRACTS = {
  entitySearch: defineRoute(HEADS.entitySearch, {
    body: EntitySearchQuerySchema,
    data: Type.Array(EntitySearchResultSchema),
    emptyFieldMessages: { EntNameOrCreditCode: MESSAGES.emptySearch },
  }),
};
