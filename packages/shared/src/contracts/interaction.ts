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

/** The heads of heads/interaction.ts with their schemas, by the same names. */
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
