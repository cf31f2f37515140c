import { defineRoute } from '../api.js';
import { LENDING_HEADS as HEADS } from '../heads/lending.js';
import { LendingOverviewSchema } from '../schemas/lending.js';
import { EmptyQuerySchema } from '../schemas/query.js';

/** The heads of heads/lending.ts with their schemas, by the same names. */
export const LENDING_CONTRACTS = {
  lendingOverview: defineRoute(HEADS.lendingOverview, {
    body: EmptyQuerySchema,
    data: LendingOverviewSchema,
  }),
};
