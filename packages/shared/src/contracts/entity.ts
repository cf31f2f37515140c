import { Type } from 'typebox';
import { API_PATHS, defineRoute } from '../api.js';
import { MESSAGES } from '../constants.js';
import { EntitySearchQuerySchema, EntitySearchResultSchema } from '../schemas/entity.js';

/** The public entity search (spec §7) by name or unified social credit code. */
export const ENTITY_CONTRACTS = {
  entitySearch: defineRoute({
    path: API_PATHS.entitySearch,
    // A search: unbounded in variety, and never cached.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'credit',
    dialect: 'errorCode',
    body: EntitySearchQuerySchema,
    data: Type.Array(EntitySearchResultSchema),
    emptyFieldMessages: { EntNameOrCreditCode: MESSAGES.emptySearch },
  }),
};
