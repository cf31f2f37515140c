import { defineRoute } from '../api.js';
import { LENDING_HEADS as HEADS } from '../heads/lending.js';
import { LendingOverviewSchema } from '../schemas/lending.js';
import { EmptyQuerySchema } from '../schemas/query.js';

/** The lending page (信易贷): platform figures, partner banks, products. */
export const LENDING_CONTRACTS = {
  lendingOverview: defineRoute(HEADS.lendingOverview, {
    body: EmptyQuerySchema,
    data: LendingOverviewSchema,
  }),
};
