import { Type } from 'typebox';
import { defineRoute } from '../api.js';
import { ENTITY_HEADS as HEADS } from '../heads/entity.js';
import { MESSAGES } from '../constants.js';
import { EntitySearchQuerySchema, EntitySearchResultSchema } from '../schemas/entity.js';

/** The public entity search (spec §7) by name or unified social credit code. */
export const ENTITY_CONTRACTS = {
  entitySearch: defineRoute(HEADS.entitySearch, {
    body: EntitySearchQuerySchema,
    data: Type.Array(EntitySearchResultSchema),
    emptyFieldMessages: { EntNameOrCreditCode: MESSAGES.emptySearch },
  }),
};
