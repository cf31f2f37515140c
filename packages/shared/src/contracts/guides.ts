import { API_PATHS, defineRoute } from '../api.js';
import { EmptyQuerySchema } from '../schemas/query.js';
import { ServiceGuideListSchema } from '../schemas/guides.js';

/** The service guides (办事指南) of the mobile guide page and the credit services. */
export const GUIDES_CONTRACTS = {
  serviceGuides: defineRoute({
    path: API_PATHS.serviceGuides,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: EmptyQuerySchema,
    data: ServiceGuideListSchema,
  }),
};
