import { defineRoute } from '../api.js';
import { INTERACTION_HEADS as HEADS } from '../heads/interaction.js';
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
  interactionList: defineRoute(HEADS.interactionList, {
    body: InteractionListQuerySchema,
    data: InteractionPageSchema,
  }),
  interactionSearch: defineRoute(HEADS.interactionSearch, {
    body: InteractionSearchQuerySchema,
    data: InteractionPageSchema,
  }),
  interactionDetail: defineRoute(HEADS.interactionDetail, {
    body: InteractionDetailQuerySchema,
    data: InteractionDetailSchema,
  }),
  interactionStatistics: defineRoute(HEADS.interactionStatistics, {
    body: InteractionStatisticsQuerySchema,
    data: InteractionStatisticsSchema,
  }),
};
