import { API_PATHS, defineRoute } from '../api.js';
import {
  InteractionDetailQuerySchema,
  InteractionDetailSchema,
  InteractionListQuerySchema,
  InteractionPageSchema,
  InteractionSearchQuerySchema,
  InteractionStatisticsQuerySchema,
  InteractionStatisticsSchema,
} from '../schemas/interaction.js';

/** Interaction (互动交流): the messages, their search, one message and the yearly figures. */
export const INTERACTION_CONTRACTS = {
  interactionList: defineRoute({
    path: API_PATHS.interactionList,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: InteractionListQuerySchema,
    data: InteractionPageSchema,
  }),
  interactionSearch: defineRoute({
    path: API_PATHS.interactionSearch,
    // A search: unbounded in variety.
    rateLimit: 'strict',
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: InteractionSearchQuerySchema,
    data: InteractionPageSchema,
  }),
  interactionDetail: defineRoute({
    path: API_PATHS.interactionDetail,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: InteractionDetailQuerySchema,
    data: InteractionDetailSchema,
  }),
  interactionStatistics: defineRoute({
    path: API_PATHS.interactionStatistics,
    methods: ['POST'],
    upstream: 'cms',
    dialect: 'msg',
    body: InteractionStatisticsQuerySchema,
    data: InteractionStatisticsSchema,
  }),
};
