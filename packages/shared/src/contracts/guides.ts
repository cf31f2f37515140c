import { defineRoute } from '../api.js';
import { GUIDES_HEADS as HEADS } from '../heads/guides.js';
import { EmptyQuerySchema } from '../schemas/query.js';
import { ServiceGuideListSchema } from '../schemas/guides.js';

/** The service guides (办事指南) of the mobile guide page and the credit services. */
export const GUIDES_CONTRACTS = {
  serviceGuides: defineRoute(HEADS.serviceGuides, {
    body: EmptyQuerySchema,
    data: ServiceGuideListSchema,
  }),
};
