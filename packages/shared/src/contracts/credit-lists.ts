import { API_PATHS, defineRoute } from '../api.js';
import {
  PermitSearchPageSchema,
  PermitSearchQuerySchema,
  PunishSearchPageSchema,
  PunishSearchQuerySchema,
} from '../schemas/credit-lists.js';

/**
 * The information-disclosure lists of the credit data API (issue 9): the double-disclosure
 * searches, the red and black lists (bearer), published credit promises and Credit Hetao.
 */
export const CREDIT_LIST_CONTRACTS = {
  permitSearch: defineRoute({
    path: API_PATHS.permitSearch,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: PermitSearchQuerySchema,
    data: PermitSearchPageSchema,
  }),
  punishSearch: defineRoute({
    path: API_PATHS.punishSearch,
    methods: ['GET'],
    upstream: 'credit',
    dialect: 'errorCode',
    query: PunishSearchQuerySchema,
    data: PunishSearchPageSchema,
  }),
};
