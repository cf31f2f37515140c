import { defineRoute } from '../api.js';
import { GUIDES_HEADS as HEADS } from '../heads/guides.js';
import { EmptyQuerySchema } from '../schemas/query.js';
import { ServiceGuideListSchema } from '../schemas/guides.js';

/** The heads of heads/guides.ts with their schemas, by the same names. */
export const GUIDES_CONTRACTS = {
  serviceGuides: defineRoute(HEADS.serviceGuides, {
    body: EmptyQuerySchema,
    data: ServiceGuideListSchema,
  }),
};
